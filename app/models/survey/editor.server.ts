/**
 * The editor screen's form handling, shared by /admin/surveys/new and /admin/surveys/{id}/edit:
 * conform parses the form (and applies list intents sent without JavaScript), the model saves it.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { DomainError } from "~/lib/errors";
import type { Ctx } from "../context";
import { editorFormSchema, editorFormToInput, SURVEY_MSG, type EditorForm } from "./survey.schema";
import { createSurvey, updateSurvey, type SurveyDto } from "./survey.server";

/** "questions.0.text" (model) → "questions[0].text" (conform). */
const conformPath = (p: string) => p.replace(/\.(\d+)(?=\.|$)/g, "[$1]");

export type EditorOutcome =
  { saved: SurveyDto } | { reply: SubmissionResult<string[]>; status: number };

/** Parses the editor form and saves it; anything short of a save comes back as a conform reply. */
export async function saveEditorForm(
  ctx: Ctx,
  formData: FormData,
  surveyId: string | null,
): Promise<EditorOutcome> {
  const submission = parseWithZod(formData, { schema: editorFormSchema });
  if (submission.status !== "success")
    return { reply: submission.reply(), status: submission.status === "error" ? 400 : 200 };
  const input = editorFormToInput(submission.value as EditorForm);
  try {
    const saved = surveyId
      ? await updateSurvey(ctx, surveyId, input)
      : await createSurvey(ctx, input);
    return { saved };
  } catch (e) {
    if (!(e instanceof DomainError) || e.status >= 500) throw e;
    const fieldErrors: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(e.fields ?? {})) fieldErrors[conformPath(k)] = v;
    return {
      reply: submission.reply({ formErrors: [e.message || SURVEY_MSG.saveFailed], fieldErrors }),
      status: e.status,
    };
  }
}
