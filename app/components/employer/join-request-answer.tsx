/**
 * Approve / Decline of one request to join a company (ADR 109): a plain form posting `intent` and
 * `id` to the screen's own action, so it works without JavaScript. Used on /employer/team and
 * /admin/companies/join-requests.
 */
import { Form } from "@remix-run/react";

export function JoinRequestAnswer({ id, who }: { id: string; who: string }) {
  return (
    <Form method="post" className="inline-actions">
      <input type="hidden" name="id" value={id} />
      {(["approve", "decline"] as const).map((intent) => (
        <button
          key={intent}
          type="submit"
          name="intent"
          value={intent}
          className={intent === "approve" ? "btn btn-primary" : "btn"}
          aria-label={`${intent === "approve" ? "Approve" : "Decline"} ${who}`}
        >
          {intent === "approve" ? "Approve" : "Decline"}
        </button>
      ))}
    </Form>
  );
}
