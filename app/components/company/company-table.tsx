/** Columns of the companies table and the delete confirmation (in the spec's wording). */
import { Form, Link } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { imageSources } from "~/lib/image-src";
import { ConfirmAction } from "~/components/ui/confirm-action";
import type { CompanyRecord } from "~/models/company/company.schema";
import { ErrorAlert } from "~/components/ui/error-alert";

/** A row of the admin list: the record and, for staff, its host agreement's state in words. */
type CompanyRow = CompanyRecord & { moa?: { state: string; label: string } };

const col = createColumnHelper<CompanyRow>();

/** What blocking a company does, asked before it happens. */
const CONFIRM_BLOCK = {
  title: "Block this company?",
  message: (name: string) =>
    `Blocking “${name}” hides all its jobs from the board and signs its employers out and refuses their sign-in; you can unblock it.`,
  confirm: "Block company",
};
/** The logo's box in the table: a wide wordmark stays readable, and `contain` keeps its shape. */
const LOGO_BOX = { width: 96, height: 40 };
/** The row's Edit and Delete links: the query parameter each sets, its style and its word. */
const ROW_LINKS = [
  { param: "edit", className: "btn btn-sm", verb: "Edit" },
  { param: "delete", className: "btn btn-sm btn-danger", verb: "Delete" },
] as const;

/** Company, Location, Website, Email, Phone, Jobs, Actions; `hrefWith` builds the Edit/Delete links. */
export function companyColumns(hrefWith: (patch: Record<string, string>) => string) {
  return [
    col.accessor("name", {
      header: "Company",
      cell: (c) => (
        <span className="company-cell">
          {c.row.original.logoUrl ? (
            <img
              className="company-logo"
              {...imageSources(c.row.original.logoUrl, LOGO_BOX.width)}
              alt={`${c.getValue()} logo`}
              width={LOGO_BOX.width}
              height={LOGO_BOX.height}
              loading="lazy"
            />
          ) : (
            <span className="company-logo company-logo-empty" aria-hidden="true">
              {c.getValue().slice(0, 1).toUpperCase()}
            </span>
          )}
          <strong>{c.getValue()}</strong>
          {c.row.original.isBlocked ? <span className="badge badge-danger">Blocked</span> : null}
        </span>
      ),
    }),
    col.accessor("location", { header: "Location", cell: (c) => c.getValue() || "—" }),
    col.accessor("website", {
      header: "Website",
      cell: (c) =>
        c.getValue() ? (
          <a href={c.getValue()!} target="_blank" rel="noopener noreferrer">
            {c
              .getValue()!
              .replace(/^https?:\/\//, "")
              .replace(/\/$/, "")}
          </a>
        ) : (
          "—"
        ),
    }),
    col.accessor("email", {
      header: "Email",
      cell: (c) => (c.getValue() ? <a href={`mailto:${c.getValue()}`}>{c.getValue()}</a> : "—"),
    }),
    col.accessor("phone", { header: "Phone", cell: (c) => c.getValue() || "—" }),
    col.accessor("jobsCount", { id: "jobs", header: "Jobs", cell: (c) => c.getValue() ?? 0 }),
    col.display({
      id: "moa",
      header: "MOA",
      cell: (c) => {
        const m = c.row.original.moa;
        if (!m) return "—";
        const tone =
          m.state === "valid"
            ? "badge-success"
            : m.state === "expiring"
              ? "badge-warning"
              : m.state === "expired"
                ? "badge-danger"
                : "";
        return (
          <Link
            to={`/admin/companies/${c.row.original.id}/moa`}
            aria-label={`Host agreement of ${c.row.original.name}: ${m.label}`}
          >
            <span className={`badge ${tone}`.trim()}>{m.label}</span>
          </Link>
        );
      },
    }),
    col.display({
      id: "actions",
      header: "Actions",
      cell: (c) => (
        <span className="row-actions company-actions">
          {ROW_LINKS.map((l) => (
            <Link
              key={l.param}
              className={l.className}
              to={hrefWith({ [l.param]: c.row.original.id })}
              preventScrollReset
              aria-label={`${l.verb} ${c.row.original.name}`}
            >
              {l.verb}
            </Link>
          ))}
          {/* Blocking is reversible: the neutral style, never the red of Delete beside it. */}
          {c.row.original.isBlocked ? (
            <Form method="post" className="inline-form">
              <input type="hidden" name="id" value={c.row.original.id} />
              <button
                type="submit"
                name="intent"
                value="unblock"
                className="btn btn-sm"
                aria-label={`Unblock ${c.row.original.name}`}
              >
                Unblock
              </button>
            </Form>
          ) : (
            <ConfirmAction
              label="Block"
              ariaLabel={`Block ${c.row.original.name}`}
              title={CONFIRM_BLOCK.title}
              message={CONFIRM_BLOCK.message(c.row.original.name)}
              confirmLabel={CONFIRM_BLOCK.confirm}
              fields={{ intent: "block", id: c.row.original.id }}
              tone="secondary"
            />
          )}
        </span>
      ),
    }),
  ];
}

/** 'Delete “{name}”? This cannot be undone.' — or why a company with jobs cannot be deleted. */
export function DeleteCompanyForm({
  company,
  error,
  busy,
  cancelHref,
}: {
  company: CompanyRecord;
  error: string | null | undefined;
  busy: boolean;
  cancelHref: string;
}) {
  const jobs = company.jobsCount ?? 0;
  return (
    <Form method="post" className="stack" preventScrollReset>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={company.id} />
      <ErrorAlert message={error} />
      {jobs ? (
        <p className="alert alert-info">
          “{company.name}” has {jobs} job{jobs === 1 ? "" : "s"}. A company with jobs cannot be
          deleted: delete its jobs or move them to another company first.
        </p>
      ) : (
        <p>Delete “{company.name}”? This cannot be undone.</p>
      )}
      <div className="row company-form-actions">
        <Link className="btn btn-ghost" to={cancelHref} preventScrollReset replace>
          Cancel
        </Link>
        {jobs ? null : (
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy ? "Deleting…" : "Delete"}
          </button>
        )}
      </div>
    </Form>
  );
}
