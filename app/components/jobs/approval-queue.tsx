/**
 * The admin's approval queue (ADR 104): jobs waiting for review, oldest first, with the
 * company, the account that submitted it and its trust signal; Approve posts at once, Decline
 * opens the URL-driven dialog (?decline={id}), so both work without JavaScript.
 */
import { Form, Link } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { relativeTime } from "~/lib/format";
import { DataTable } from "~/components/data-table/data-table";

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

const col = createColumnHelper<QueueRow>();

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
        <DataTable
          data={items}
          columns={[
            col.accessor("submittedAt", {
              header: "Submitted",
              cell: (c) => (
                <time dateTime={c.getValue()} title={new Date(c.getValue()).toUTCString()}>
                  {relativeTime(c.getValue(), new Date(now))}
                </time>
              ),
            }),
            col.accessor("title", {
              header: "Job",
              cell: (c) => <Link to={`/jobs/${c.row.original.id}`}>{c.getValue()}</Link>,
            }),
            col.accessor("companyName", { header: "Company" }),
            col.accessor("submitter", {
              header: "Submitted by",
              cell: (c) => {
                const who = c.getValue();
                return who ? (
                  <>
                    {who.name}
                    <br />
                    <span className="muted">{who.email}</span>
                  </>
                ) : (
                  "—"
                );
              },
            }),
            col.accessor("signal", {
              header: "Trust",
              cell: (c) => (
                <span className={`badge ${SIGNAL_CLASS[c.getValue()] ?? ""}`}>{c.getValue()}</span>
              ),
            }),
            col.display({
              id: "actions",
              header: "Actions",
              cell: ({ row: { original: j } }) => (
                <div className="row-actions">
                  <Form method="post" action={back}>
                    <input type="hidden" name="intent" value="approve" />
                    <input type="hidden" name="id" value={j.id} />
                    <input type="hidden" name="back" value={back} />
                    <input type="hidden" name="isApproved" value="true" />
                    <button type="submit" className="btn btn-sm" aria-label={`Approve: ${j.title}`}>
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
              ),
            }),
          ]}
          caption="Jobs waiting for review"
          empty="No jobs are waiting for review."
          rowKey={(j) => j.id}
        />
      ) : null}
    </section>
  );
}
