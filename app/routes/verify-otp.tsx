/**
 * /verify-otp (spec §2.5). Signed-out only; needs the `{email, userId}` state (a signed `s` value
 * here, see verify-state.server.ts) or it redirects to /register. Success signs the user in and goes
 * to /dashboard. The action also serves the register page's verification modal (mode=modal), which
 * gets JSON back and goes on to /login itself.
 */
import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { OTP_LENGTH, RESEND_COOLDOWN_SECONDS } from "#db/constants";
import { redirectWithFlash, requireAnonymous, startSession } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { clientIp } from "~/lib/request.server";
import {
  OTP_MSG,
  resendCooldownRemaining,
  resendVerificationCode,
  verifyEmailCode,
} from "~/models/auth/verification.server";
import { readVerifyState } from "~/models/auth/verify-state.server";
import { DomainError, TooManyRequests } from "~/models/errors";
import { otpField } from "~/models/user/user.schema";
import { findUserByEmail } from "~/models/user/user.server";
import { useCountdown } from "~/components/auth/countdown";
import { emptyOtp, OtpInput, otpComplete } from "~/components/auth/otp-input";
import { useHydrated } from "~/components/auth/use-hydrated";
import type { VerifyActionData } from "~/components/auth/verify-types";
import styles from "~/styles/accounts.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

const EXPIRED_STATE = "Your verification session has expired. Sign in again to get a new code.";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const s = new URL(request.url).searchParams.get("s");
  const state = readVerifyState(s);
  if (!state || !s) throw redirect("/register");
  const db = await getDb();
  const user = await findUserByEmail(db, state.email);
  if (!user || user.id !== state.userId || !user.isActive) throw redirect("/register");
  if (user.emailVerifiedAt) throw redirect("/login?justVerified=1");
  return json({ email: user.email, s, cooldown: await resendCooldownRemaining(db, user.email) });
}

const reply = (data: VerifyActionData, status = 200, retryAfter?: number) =>
  json(data, { status, headers: retryAfter ? { "Retry-After": String(retryAfter) } : undefined });

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const form = await request.formData();
  const intent = form.get("intent") === "resend" ? "resend" : "verify";
  const modal = form.get("mode") === "modal";
  const state = readVerifyState(String(form.get("s") ?? ""));
  if (!state) {
    if (!modal) throw redirect("/register");
    return intent === "verify"
      ? reply({ intent, verified: false, error: EXPIRED_STATE }, 400)
      : reply({ intent, resent: false, error: EXPIRED_STATE }, 400);
  }
  const db = await getDb();
  const ip = clientIp(request);

  if (intent === "resend") {
    try {
      await resendVerificationCode(db, { email: state.email, ip });
      return reply({
        intent,
        resent: true,
        message: OTP_MSG.resent,
        cooldown: RESEND_COOLDOWN_SECONDS,
      });
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      const retry = e instanceof TooManyRequests ? e.retryAfterSeconds : undefined;
      return reply({ intent, resent: false, error: e.message, retryAfter: retry }, e.status, retry);
    }
  }

  // The boxes share one name; join them (a code typed or pasted into one box also works).
  const parsed = otpField.safeParse(form.getAll("otp").map(String).join(""));
  if (!parsed.success)
    return reply({ intent, verified: false, error: parsed.error.issues[0].message }, 400);
  try {
    const user = await verifyEmailCode(db, { email: state.email, otp: parsed.data, ip });
    if (modal) return reply({ intent, verified: true, message: OTP_MSG.verified });
    const cookie = await startSession(request, user.id, false);
    return redirectWithFlash(
      "/dashboard",
      { kind: "success", message: OTP_MSG.verified },
      { "Set-Cookie": cookie },
    );
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    const retry = e instanceof TooManyRequests ? e.retryAfterSeconds : undefined;
    return reply({ intent, verified: false, error: e.message }, e.status, retry);
  }
}

export default function VerifyOtp() {
  const { email, s, cooldown: initialCooldown } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as VerifyActionData | undefined;
  const navigation = useNavigation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const [digits, setDigits] = useState(() => emptyOtp(OTP_LENGTH));
  const cooldown = useCountdown(initialCooldown);
  const labelId = useId();
  const helpId = useId();
  const errorId = useId();
  const startCooldown = cooldown.start;

  // §2.5: the page applies the 60-second wait after a resend (and honours the server's wait).
  useEffect(() => {
    if (!data || data.intent !== "resend") return;
    if (data.resent) startCooldown(data.cooldown);
    else if (data.retryAfter) startCooldown(data.retryAfter);
  }, [data, startCooldown]);
  // After a failed try the boxes remount empty, with the focus back on the first one.
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (data?.intent === "verify" && !data.verified) {
      setDigits(emptyOtp(OTP_LENGTH));
      setRound((r) => r + 1);
    }
  }, [data]);

  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const verifyError = data?.intent === "verify" && !data.verified ? data.error : null;
  const resendError = data?.intent === "resend" && !data.resent ? data.error : null;
  const resent = data?.intent === "resend" && data.resent ? data.message : null;

  const submitCode = (code: string) =>
    submit({ intent: "verify", s, otp: code }, { method: "post" });

  return (
    <main className="auth-page">
      <div className="auth-card stack">
        <h1>Verify your email</h1>
        <p id={helpId} className="auth-sub">
          We sent a {OTP_LENGTH}-digit code to <strong>{email}</strong>. Enter it below to verify
          your email.
        </p>
        <Form method="post" className="auth-form">
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="s" value={s} />
          <p id={labelId} className="field-label otp-label">
            Verification code
          </p>
          <OtpInput
            key={round}
            value={digits}
            onChange={setDigits}
            onComplete={submitCode}
            labelledBy={labelId}
            describedBy={verifyError ? `${helpId} ${errorId}` : helpId}
            invalid={!!verifyError}
            disabled={busyIntent === "verify"}
            autoFocus
          />
          {verifyError ? (
            <p id={errorId} className="field-error otp-error" role="alert">
              {verifyError}
            </p>
          ) : null}
          <button
            type="submit"
            className="btn btn-primary btn-block"
            disabled={(hydrated && !otpComplete(digits)) || busyIntent === "verify"}
          >
            {busyIntent === "verify" ? "Verifying…" : "Verify Email"}
          </button>
        </Form>
        <Form method="post" className="otp-resend">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="s" value={s} />
          <span className="muted">Didn&apos;t get the code?</span>
          <button
            type="submit"
            className="btn btn-ghost btn-sm"
            disabled={(hydrated && cooldown.left > 0) || busyIntent === "resend"}
          >
            {hydrated && cooldown.left > 0 ? `Resend code (${cooldown.left}s)` : "Resend code"}
          </button>
        </Form>
        {resent ? (
          <p className="alert alert-success" role="status">
            {resent}
          </p>
        ) : null}
        {resendError ? (
          <p className="alert alert-error" role="alert">
            {resendError}
          </p>
        ) : null}
      </div>
    </main>
  );
}

export const meta: MetaFunction = () => [
  { title: "Verify your email · Runway" },
  { name: "description", content: "Confirm your Runway account with the code sent to your email." },
];
