/**
 * The evaluation half of the /supervise/{token} form post: the link is checked first (a dead one
 * is the same 404 as the page), then the ratings against the rubric version the form showed.
 */
import { json } from "@remix-run/node";
import { getDb } from "~/lib/db.server";
import { rethrowNotFound } from "~/lib/screen-errors.server";
import { ratingsFromForm } from "~/components/ojt/rating-fields";
import { EVAL_MSG, evaluationInputSchema } from "~/models/ojt/evaluation.schema";
import {
  evaluationFormView,
  rubricCriteria,
  submitEvaluation,
} from "~/models/ojt/evaluation.server";
import { ojtConfig } from "./config.server";
import { SIGNED_LINK_HEADERS } from "./signed-link.server";
import type { DomainAnswer } from "./screen.server";

export async function evaluationAction(
  request: Request,
  token: string,
  { onDomainError }: Pick<DomainAnswer, "onDomainError">,
) {
  const db = await getDb();
  const cfg = ojtConfig();
  const form = await request.formData();
  const values = {
    ratings: ratingsFromForm(form),
    comments: String(form.get("comments") ?? ""),
    wouldHire: String(form.get("wouldHire") ?? ""),
  };
  const refuse = (error: string, status: number, errorKeys: string[] = []) =>
    json({ evaluated: null, error, errorKeys, values }, { status, headers: SIGNED_LINK_HEADERS });
  // A dead link is the page's 404; any other refusal comes back on the form.
  onDomainError((e) =>
    e.status === 404 ? rethrowNotFound(e, EVAL_MSG.tokenInvalid) : refuse(e.message, e.status),
  );
  await evaluationFormView(db, cfg, token);
  const version = Number(form.get("rubricVersion"));
  const criteria = await rubricCriteria(db, version);
  if (!criteria) return refuse(EVAL_MSG.rubricVersion, 400);
  const parsed = evaluationInputSchema(criteria).safeParse({
    ratings: values.ratings,
    comments: form.get("comments") ?? undefined,
    wouldHire: form.get("wouldHire") ?? undefined,
  });
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const keys = issues.filter((i) => i.path[0] === "ratings").map((i) => String(i.path[1]));
    return refuse(issues[0]?.message ?? EVAL_MSG.rating, 400, keys);
  }
  const evaluated = await submitEvaluation(db, cfg, token, version, parsed.data);
  return json(
    { evaluated, error: null, errorKeys: [] as string[], values },
    { headers: SIGNED_LINK_HEADERS },
  );
}
