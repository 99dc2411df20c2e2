/**
 * /verify-otp. Signed-out only; needs the `{email, userId}` state (a signed `s` value
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
import { useEffect, useId } from "react";
import { redirectWithFlash, startSession } from "~/web/auth.server";
import { deviceCookieHeader } from "~/web/device-cookie.server";
import { clientKey } from "~/lib/request.server";
import {
  OTP_MSG,
  parseOtp,
  resendCooldownRemaining,
  resendFromScreen,
  verifyEmailCode,
} from "~/models/auth/verification.server";
import { readVerifyState } from "~/models/auth/verify-state.server";
import { type DomainError, TooManyRequests } from "~/lib/errors";
import { findUserByEmail } from "~/models/user/user.server";
import { useCountdown } from "~/components/auth/countdown";
import { OtpCodeField, OtpSentTo, ResendCode, useOtpDigits } from "~/components/auth/otp-entry";
import { otpComplete } from "~/components/auth/otp-input";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { VerifyActionData } from "~/components/auth/verify-types";
import styles from "~/styles/accounts.css";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { RESEND_COOLDOWN_SECONDS } from "~/models/auth/limits";
import { authConfig, authCtx } from "~/web/config.server";
import { screen } from "~/web/screen.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/** Shown when a sign-in with the right password led here because the address is not verified. */
const UNVERIFIED_SIGN_IN =
  "Your email address is not verified yet, so signing in continues here: enter the code to finish.";

const EXPIRED_STATE = "Your verification session has expired. Sign in again to get a new code.";

export function loader(args: LoaderFunctionArgs) {
  return screen("anonymous", async ({ request, ctx: { db } }) => {
    const s = new URL(request.url).searchParams.get("s");
    const state = readVerifyState(authConfig().secret, s);
    if (!state || !s) throw redirect("/register");
    const user = await findUserByEmail(db, state.email);
    if (!user || user.id !== state.userId || !user.isActive) throw redirect("/register");
    if (user.emailVerifiedAt) throw redirect("/login?justVerified=1");
    const unverifiedSignIn = new URL(request.url).searchParams.get("why") === "unverified";
    return json({
      email: user.email,
      s,
      cooldown: await resendCooldownRemaining(db, user),
      unverifiedSignIn,
    });
  })(args);
}

const reply = (data: VerifyActionData, status = 200) => json(data, { status });

/** The wait a refused try must keep, for the page's countdown (also sent as Retry-After). */
const retryOf = (err: DomainError) =>
  err instanceof TooManyRequests ? err.retryAfterSeconds : undefined;

export function action(args: ActionFunctionArgs) {
  return screen("anonymous", async ({ request, ctx: { db }, failJson }) => {
    const form = await request.formData();
    const intent = form.get("intent") === "resend" ? "resend" : "verify";
    const modal = form.get("mode") === "modal";
    const state = readVerifyState(authConfig().secret, String(form.get("s") ?? ""));
    if (!state) {
      if (!modal) throw redirect("/register");
      return intent === "verify"
        ? reply({ intent, verified: false, error: EXPIRED_STATE }, 400)
        : reply({ intent, resent: false, error: EXPIRED_STATE }, 400);
    }
    const ip = clientKey(request);

    if (intent === "resend") {
      failJson((err): VerifyActionData => ({
        intent,
        resent: false,
        error: err.message,
        retryAfter: retryOf(err),
      }));
      await resendFromScreen(await authCtx(db), {
        userId: state.userId,
        email: state.email,
        ip,
      });
      return reply({
        intent,
        resent: true,
        message: OTP_MSG.resent,
        cooldown: RESEND_COOLDOWN_SECONDS,
      });
    }

    // The boxes share one name; join them (a code typed or pasted into one box also works).
    const parsed = parseOtp(form.getAll("otp").map(String).join(""));
    if (!parsed.ok) return reply({ intent, verified: false, error: parsed.message }, 400);
    failJson((err): VerifyActionData => ({ intent, verified: false, error: err.message }));
    const user = await verifyEmailCode(await authCtx(db), {
      email: state.email,
      otp: parsed.otp,
      ip,
    });
    if (modal) return reply({ intent, verified: true, message: OTP_MSG.verified });
    const cookie = await startSession(request, user.id, false);
    // Signed in: this browser is a known device of the account (ADR 111), as after /login.
    const device = await deviceCookieHeader(request, user.id);
    return redirectWithFlash(
      user.role === "employer" ? "/employer" : "/dashboard",
      { kind: "success", message: OTP_MSG.verified },
      [
        ["Set-Cookie", cookie],
        ["Set-Cookie", device],
      ],
    );
  })(args);
}

export default function VerifyOtp() {
  const { email, s, cooldown: initialCooldown, unverifiedSignIn } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as VerifyActionData | undefined;
  const navigation = useNavigation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const otp = useOtpDigits();
  const cooldown = useCountdown(initialCooldown);
  const helpId = useId();
  const startCooldown = cooldown.start;

  // The page applies the 60-second wait after a resend (and honours the server's wait).
  useEffect(() => {
    if (!data || data.intent !== "resend") return;
    if (data.resent) startCooldown(data.cooldown);
    else if (data.retryAfter) startCooldown(data.retryAfter);
  }, [data, startCooldown]);
  // After a failed try the boxes remount empty, with the focus back on the first one.
  const clearOtp = otp.clear;
  useEffect(() => {
    if (data?.intent === "verify" && !data.verified) clearOtp();
  }, [data, clearOtp]);

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
        {unverifiedSignIn ? (
          <p className="alert alert-info" role="status">
            {UNVERIFIED_SIGN_IN}
          </p>
        ) : null}
        <OtpSentTo id={helpId} email={email} className="auth-sub" />
        <Form method="post" className="auth-form">
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="s" value={s} />
          <OtpCodeField
            otp={otp}
            onComplete={submitCode}
            helpId={helpId}
            error={verifyError}
            disabled={busyIntent === "verify"}
          />
          <button
            type="submit"
            className="btn btn-primary btn-block"
            disabled={(hydrated && !otpComplete(otp.digits)) || busyIntent === "verify"}
          >
            {busyIntent === "verify" ? "Verifying…" : "Verify Email"}
          </button>
        </Form>
        <Form method="post" className="otp-resend">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="s" value={s} />
          <ResendCode
            type="submit"
            left={cooldown.left}
            counting={hydrated}
            disabled={busyIntent === "resend"}
          />
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

/** A failure on this screen shows the standard error page inside the frame. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
