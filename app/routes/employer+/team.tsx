/**
 * /employer/team: the company's employer accounts and pending invitations, and the
 * "Invite a colleague" form (an address on the employer's own domain; a 7-day sign-up link by
 * mail). Employers only; works without JavaScript.
 */
import type { MetaFunction } from "@remix-run/node";
import type { ActionFunctionArgs } from "@remix-run/node";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getTeam, inviteColleague } from "~/models/employer/team.server";
import { decideJoinRequest, JOIN_MSG } from "~/models/employer/join.server";
import { redirectWithFlash } from "~/web/auth.server";
import { screen } from "~/web/screen.server";
import { configured } from "~/web/config.server";
import { invitationSchema } from "~/web/employer-forms.server";
import { JoinRequestAnswer } from "~/components/employer/join-request-answer";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { DateOnly } from "~/components/ui/date-time";

export function loader(args: LoaderFunctionArgs) {
  return screen("employer", async ({ ctx }) => json(await getTeam(ctx)))(args);
}

export function action(args: ActionFunctionArgs) {
  return screen("employer", async ({ request, ctx, failJson }) => {
    const form = await request.formData();
    const intent = form.get("intent");
    if (intent === "approve" || intent === "decline") {
      failJson((err) => ({ error: err.message, email: "" }));
      const r = await decideJoinRequest(configured(ctx), String(form.get("id") ?? ""), intent);
      return redirectWithFlash("/employer/team", {
        kind: "success",
        message: `${intent === "approve" ? JOIN_MSG.approved : JOIN_MSG.declined}: ${r.email}`,
      });
    }
    const email = String(form.get("email") ?? "");
    const parsed = invitationSchema.safeParse({ email });
    if (!parsed.success)
      return json({ error: parsed.error.issues[0].message, email }, { status: 400 });
    failJson((err) => ({ error: err.message, email }));
    const inv = await inviteColleague(configured(ctx), parsed.data.email);
    return redirectWithFlash("/employer/team", {
      kind: "success",
      message: `Invitation sent to ${inv.email}`,
    });
  })(args);
}

export default function Team() {
  const { company, members, invitations, canAnswerRequests, joinRequests, inviteBlockedBy } =
    useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <main className="page">
      <h1>Team</h1>
      <p className="page-sub">Employer accounts of {company.name}.</p>
      <section aria-labelledby="members-h">
        <h2 id="members-h">Members</h2>
        <table className="table table-cards">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.id}>
                <td data-label="Name">{m.name}</td>
                <td data-label="Email">{m.email}</td>
                <td data-label="Status">
                  {[
                    m.isBlocked ? "Blocked" : null,
                    m.employerVerified ? "Verified" : null,
                    m.domainVerified ? "Domain verified" : null,
                    m.isEmailVerified ? null : "Email not verified",
                  ]
                    .filter(Boolean)
                    .join(" · ") || "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {canAnswerRequests ? (
        <section aria-labelledby="requests-h">
          <h2 id="requests-h">Requests to join</h2>
          {joinRequests.length ? (
            <ul className="stack">
              {joinRequests.map((r) => (
                <li key={r.id}>
                  <strong>{r.name}</strong> ({r.email}
                  {r.isEmailVerified ? "" : ", email not verified"}) — asked{" "}
                  <DateOnly iso={r.createdAt} />, ends <DateOnly iso={r.expiresAt} /> unless
                  answered.
                  <JoinRequestAnswer id={r.id} who={r.email} />
                </li>
              ))}
            </ul>
          ) : (
            <p>No requests to join.</p>
          )}
        </section>
      ) : null}
      <section aria-labelledby="pending-h">
        <h2 id="pending-h">Pending invitations</h2>
        {invitations.length ? (
          <ul>
            {invitations.map((i) => (
              <li key={i.id}>
                {i.email} — invited{i.invitedBy ? ` by ${i.invitedBy}` : ""}, expires{" "}
                <DateOnly iso={i.expiresAt} />
              </li>
            ))}
          </ul>
        ) : (
          <p>No pending invitations.</p>
        )}
      </section>
      <section aria-labelledby="invite-h">
        <h2 id="invite-h">Invite a colleague</h2>
        {inviteBlockedBy ? (
          <p className="alert alert-info" id="invite-blocked">
            {inviteBlockedBy}
          </p>
        ) : null}
        <Form method="post" noValidate className="auth-form">
          <div className={`field${data?.error ? " field-invalid" : ""}`}>
            <label htmlFor="invite-email">Colleague&apos;s work email</label>
            <input
              id="invite-email"
              name="email"
              type="email"
              autoComplete="off"
              defaultValue={data?.email ?? ""}
              aria-invalid={data?.error ? true : undefined}
              aria-describedby={data?.error ? "invite-email-error" : "invite-email-hint"}
            />
            <p className="field-hint" id="invite-email-hint">
              An address on your own company domain. The link works for 7 days.
            </p>
            {data?.error ? (
              <p className="field-error" id="invite-email-error" role="alert">
                {data.error}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Send invitation
          </button>
        </Form>
      </section>
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Team · Runway" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
