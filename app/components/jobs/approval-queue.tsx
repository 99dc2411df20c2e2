/**
 * The admin's approval queue (ADR 104): jobs waiting for review, oldest first, with the
 * company, the account that submitted it and its trust signal; Approve posts at once, Decline
 * opens the URL-driven dialog (?decline={id}), so both work without JavaScript.
 */
import { Form, Link } from "@remix-run/react";
import { relativeTime } from "~/lib/format";

export interface QueueRow {
  id: string;
  title: string;
  companyName: string;
  submittedAt: string;
  submitter: { name: string; email: string } | null;
  signal: string;
}

const SIGNAL_CLASS: Record<string, string> = {
  Verified: "badge-success",
  "Domain verified": "badge-success",
  "Free mail": "badge-warning",
  Unverified: "badge-warning",
  Staff: "",
};

export function ApprovalQueue({
  items,
  total,
  back,
  now,
}: {
  items: QueueRow[];
  total: number;
  back: string;
  now: number;
}) {
  const sep = back.includes("?") ? "&" : "?";
  return (
    <section aria-labelledby="approval-queue-title" className="stack">
      <h2 id="approval-queue-title">Approval queue</h2>
      <p className="muted">
        {total === 0
          ? "No jobs are waiting for review."
          : `${total} ${total === 1 ? "job is" : "jobs are"} waiting for review, oldest first.`}
      </p>
      {items.length ? (
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">Jobs waiting for review</caption>
            <thead>
              <tr>
                <th scope="col">Submitted</th>
                <th scope="col">Job</th>
                <th scope="col">Company</th>
                <th scope="col">Submitted by</th>
                <th scope="col">Trust</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {items.map((j) => (
                <tr key={j.id}>
                  <td>
                    <time dateTime={j.submittedAt} title={new Date(j.submittedAt).toUTCString()}>
                      {relativeTime(j.submittedAt, new Date(now))}
                    </time>
                  </td>
                  <td>
                    <Link to={`/jobs/${j.id}`}>{j.title}</Link>
                  </td>
                  <td>{j.companyName}</td>
                  <td>
                    {j.submitter ? (
                      <>
                        {j.submitter.name}
                        <br />
                        <span className="muted">{j.submitter.email}</span>
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td>
                    <span className={`badge ${SIGNAL_CLASS[j.signal] ?? ""}`}>{j.signal}</span>
                  </td>
                  <td>
                    <div className="row-actions">
                      <Form method="post" action={back}>
                        <input type="hidden" name="intent" value="approve" />
                        <input type="hidden" name="id" value={j.id} />
                        <input type="hidden" name="back" value={back} />
                        <input type="hidden" name="isApproved" value="true" />
                        <button
                          type="submit"
                          className="btn btn-sm"
                          aria-label={`Approve: ${j.title}`}
                        >
                          Approve
                        </button>
                      </Form>
                      <Link
                        className="btn btn-sm btn-danger"
                        to={`${back}${sep}decline=${j.id}`}
                        preventScrollReset
                        aria-label={`Decline: ${j.title}`}
                      >
                        Decline
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
