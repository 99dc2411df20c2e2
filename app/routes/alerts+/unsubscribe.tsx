/**
 * /alerts/unsubscribe?alert={id}&token={hmac} — the digest's one-click unsubscribe (RFC 8058). No
 * sign-in: the signed link is the authority. GET only shows a confirmation (link scanners and
 * previews must not unsubscribe anyone); POST — the button, or the mail provider's one-click
 * `List-Unsubscribe=One-Click` — pauses the alert (frequency off). The alert stays on 'My alerts'.
 */
import type { MetaFunction } from "@remix-run/node";
import type { ActionFunctionArgs } from "@remix-run/node";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BadLinkBoundary } from "~/components/ui/bad-link-boundary";
import { UnsubscribePage } from "~/components/ui/unsubscribe-page";
import { signedLinkScreen } from "~/web/signed-link.server";
import { ALERT_MSG } from "~/models/alert/alert.rules";
import { alertForUnsubscribe, unsubscribeAlert } from "~/models/alert/alert.server";

const LINK_FIELDS = ["alert", "token"] as const;

export function loader(args: LoaderFunctionArgs) {
  return signedLinkScreen(args, LINK_FIELDS, ALERT_MSG.badLink, async (link, db, secret) => {
    const a = await alertForUnsubscribe(db, secret, link.alert, link.token);
    return { id: a.id, name: a.name, paused: a.frequency === "off", token: String(link.token) };
  });
}

export function action(args: ActionFunctionArgs) {
  return signedLinkScreen(args, LINK_FIELDS, ALERT_MSG.badLink, async (link, db, secret) => {
    const a = await unsubscribeAlert(db, secret, link.alert, link.token);
    return { done: true, name: a.name };
  });
}

export default function Unsubscribe() {
  const data = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  return (
    <UnsubscribePage
      title="Job alert e-mails"
      done={
        done?.done ? (
          <>
            {ALERT_MSG.unsubscribed} (“{done.name}”)
          </>
        ) : null
      }
      already={data.paused ? <>The alert “{data.name}” is paused: it sends no e-mails.</> : null}
      question={<>Stop the e-mails of your job alert “{data.name}”?</>}
      fields={{ alert: data.id, token: data.token }}
    >
      You can resume, change or delete your alerts on <Link to="/alerts">My alerts</Link> (after
      signing in).
    </UnsubscribePage>
  );
}

export const meta: MetaFunction = () => [
  { title: "Job alert e-mails · Runway" },
  { name: "robots", content: "noindex" },
];

/** An invalid link shows its message inside the frame. */
export function ErrorBoundary() {
  return (
    <BadLinkBoundary title="Job alert e-mails" message={ALERT_MSG.badLink}>
      <p>
        <Link to="/alerts">My alerts</Link>
      </p>
    </BadLinkBoundary>
  );
}
