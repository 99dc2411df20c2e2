/**
 * /surveys/unsubscribe?user={id}&token={hmac} — the survey mail's one-click unsubscribe (RFC 8058).
 * No sign-in: the signed link is the authority. GET only shows a confirmation (link
 * scanners and previews must not unsubscribe anyone); POST — the button, or the mail provider's
 * one-click `List-Unsubscribe=One-Click` — sets users.survey_mail_opt_out_at, which every later
 * invitation and reminder honours.
 */
import type { MetaFunction } from "@remix-run/node";
import type { ActionFunctionArgs } from "@remix-run/node";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BadLinkBoundary } from "~/components/ui/bad-link-boundary";
import { UnsubscribePage } from "~/components/ui/unsubscribe-page";
import { signedLinkScreen } from "~/web/signed-link.server";
import { INVITE_MSG } from "~/models/survey/invitations.rules";
import {
  personForSurveyUnsubscribe,
  unsubscribeSurveyMail,
} from "~/models/survey/invitations.server";

const LINK_FIELDS = ["user", "token"] as const;

export function loader(args: LoaderFunctionArgs) {
  return signedLinkScreen(args, LINK_FIELDS, INVITE_MSG.badLink, async (link, db, secret) => {
    const p = await personForSurveyUnsubscribe(db, secret, link.user, link.token);
    return { id: p.id, optedOut: p.optedOut, token: String(link.token) };
  });
}

export function action(args: ActionFunctionArgs) {
  return signedLinkScreen(args, LINK_FIELDS, INVITE_MSG.badLink, async (link, db, secret) => {
    await unsubscribeSurveyMail(db, secret, link.user, link.token);
    return { done: true };
  });
}

export default function SurveyMailUnsubscribe() {
  const data = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  return (
    <UnsubscribePage
      title="Survey e-mails"
      done={done?.done ? INVITE_MSG.unsubscribed : null}
      already={
        data.optedOut ? "You already receive no survey invitations or reminders by e-mail." : null
      }
      question="Stop receiving survey invitations and reminders by e-mail?"
      fields={{ user: data.id, token: data.token }}
    >
      Surveys meant for you still appear on your <Link to="/dashboard">dashboard</Link> (after
      signing in).
    </UnsubscribePage>
  );
}

export const meta: MetaFunction = () => [
  { title: "Survey e-mails · Runway" },
  { name: "robots", content: "noindex" },
];

/** An invalid link shows its message inside the frame. */
export function ErrorBoundary() {
  return <BadLinkBoundary title="Survey e-mails" message={INVITE_MSG.badLink} />;
}
