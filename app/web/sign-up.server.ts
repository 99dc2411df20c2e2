/**
 * The sign-up action of /register (students and alumni) and /employers: one flow for both pages.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect } from "@remix-run/node";
import type { z } from "zod";
import { env } from "~/lib/env.server";
import { clientKey } from "~/lib/request.server";
import { formErrors } from "~/lib/screen-errors.server";
import type { AuthCtx } from "~/models/auth/config";
import { newPasswordProblem } from "~/models/auth/password-policy.server";
import { signVerifyState } from "~/models/auth/verify-state.server";
import type { User } from "~/models/user/user.server";
import { authConfig, authCtx } from "./config.server";
import type { ScreenArgs } from "./screen.server";

/** Passwords are never sent back into the form. */
const HIDE = ["password", "confirmPassword"];

/**
 * The password's strength verdict on a submit that failed for other fields, so one submit reports
 * every field error (the model checks strength only once the rest is valid). Null when the password
 * already has an error, is empty, or the post was conform's validation of a single field.
 */
async function strengthAlongside(
  formData: FormData,
  submission: { intent?: unknown; error?: Record<string, unknown> | null },
): Promise<string | null> {
  const password = formData.get("password");
  if (submission.intent || typeof password !== "string" || !password) return null;
  if (submission.error?.password) return null;
  const text = (k: string) => {
    const v = formData.get(k);
    return typeof v === "string" ? v : null;
  };
  return newPasswordProblem(password, authConfig(), {
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    other: [text("company.name")],
  });
}

/**
 * Parses the form with the server's schema (400 with the field errors), creates the account
 * through `register`, then redirects to /verify-otp with the signed verification state — or, when
 * `enhanced` pages post `enhanced=1`, answers 201 with that state so the page opens its code dialog
 * in place. A DomainError becomes the form's message and field errors. Runs inside
 * `screen("anonymous", …)`.
 */
export async function signUpAction<S extends z.ZodType>(
  { request, failJson }: ScreenArgs<"anonymous">,
  schemaOf: (domain: string, opts: { passwordMin: number }) => S,
  register: (ax: AuthCtx, input: z.output<S>, opts: { ip: string }) => Promise<{ user: User }>,
  opts: { enhanced?: boolean } = {},
) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, {
    schema: schemaOf(env().COLLEGE_EMAIL_DOMAIN, { passwordMin: env().PASSWORD_MIN_LENGTH }),
  });
  if (submission.status !== "success") {
    const weak = await strengthAlongside(formData, submission);
    return json(
      {
        result: submission.reply({
          hideFields: HIDE,
          ...(weak ? { fieldErrors: { password: [weak] } } : {}),
        }),
      },
      { status: 400 },
    );
  }
  failJson((err) => ({
    result: submission.reply({ ...formErrors(err, "message-and-fields"), hideFields: HIDE }),
  }));
  const { user } = await register(await authCtx(), submission.value, { ip: clientKey(request) });
  const state = signVerifyState(authConfig().secret, { email: user.email, userId: user.id });
  if (opts.enhanced && formData.get("enhanced") === "1")
    return json(
      { registered: { email: user.email, userId: user.id, state, requiresVerification: true } },
      { status: 201 },
    );
  return redirect(`/verify-otp?s=${encodeURIComponent(state)}`);
}
