/**
 * /admin/ojt/{id} — one placement for its programme's coordinators and admins: progress, weeks,
 * a week's entries, the audit trail and the actions (status change with a reason, reopen a week
 * with a reason, resend a waiting week's link, change the supervisor's e-mail, edit the placement).
 * Another programme's placement is a 404, as in /api.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import {
  EntriesTable,
  metaOf,
  ProgressBar,
  STATUS_LABELS,
  StatusBadge,
  WeekBadge,
  WeeksTable,
} from "~/components/ojt/ojt-parts";
import { screen } from "~/web/screen.server";
import { reopenWeek, resendWeek, weekEntries } from "~/models/ojt/hours.server";
import {
  changePlacementStatus,
  getPlacement,
  placementAudit,
  updatePlacement,
} from "~/models/ojt/placement.server";
import { redirectWithFlash } from "~/web/auth.server";
import { listEvaluations, resendEvaluation } from "~/models/ojt/evaluation.server";
import { STAGE_LABEL, stageSchema } from "~/models/ojt/evaluation.schema";
import { EvaluationDetails } from "~/components/ojt/evaluation-parts";
import {
  issuesOf,
  OJT_MSG,
  placementPatchSchema,
  screenCtx,
  STATUS_MOVES,
  statusChangeSchema,
  weekOf,
} from "~/web/ojt.server";
import styles from "~/styles/ojt.css";
import { stylesheet } from "~/components/layout/stylesheet";
import { PageHeader } from "~/components/layout/page-header";
import { SelectField, TextareaField, TextField } from "~/components/forms/fields";
import { Options } from "~/components/forms/options";
import { FieldGroup } from "~/components/ui/field";
import { formatCalendarDate, formatDateTime } from "~/lib/datetime";

export const links = stylesheet(styles);
export const meta: MetaFunction = () => [{ title: "OJT placement · Runway" }];

export function loader(args: LoaderFunctionArgs) {
  return screen(
    "ojt-staff",
    async ({ request, params, user }) => {
      const ctx = await screenCtx(user);
      const id = params.id ?? "";
      const placement = await getPlacement(ctx, id);
      const audit = await placementAudit(ctx, id);
      const weekParam = new URL(request.url).searchParams.get("week");
      const chosen =
        placement.weeks.find((w) => w.weekStart === weekParam)?.weekStart ??
        placement.weeks.find((w) => w.state === "submitted")?.weekStart ??
        placement.weeks[0]?.weekStart ??
        null;
      const week = chosen ? await weekEntries(ctx.db, placement.id, chosen) : null;
      const evaluations = await listEvaluations(ctx, id);
      return json({
        placement,
        audit,
        week,
        evaluations,
        moves: STATUS_MOVES[placement.status],
        timeZone: ctx.ojt.timeZone,
      });
    },
    { notFound: OJT_MSG.notFound },
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return screen(
    "ojt-staff",
    async ({ request, params, user, onDomainError }) => {
      const ctx = await screenCtx(user);
      const id = params.id ?? "";
      const form = await request.formData();
      const intent = String(form.get("intent") ?? "");
      const week = String(form.get("week") ?? "");
      const back = `/admin/ojt/${id}${weekOf(week) ? `?week=${week}` : ""}`;
      const ok = (message: string) => redirectWithFlash(back, { kind: "success", message });
      const fail = (message: string) => redirectWithFlash(back, { kind: "error", message });
      const firstIssue = (e: { issues: { path: PropertyKey[]; message: string }[] }) =>
        Object.values(issuesOf(e)).flat()[0] ?? "Check the form";
      // A not-found placement is the 404 page; any other refusal comes back as a notice.
      onDomainError((e) => (e.status === 404 ? undefined : fail(e.message)));
      if (intent === "status") {
        const parsed = statusChangeSchema.safeParse({
          status: form.get("status"),
          reason: form.get("reason"),
          hiredByHost: form.get("hiredByHost") ?? undefined,
        });
        if (!parsed.success) return fail(firstIssue(parsed.error));
        await changePlacementStatus(ctx, id, parsed.data);
        return ok(`Status changed to ${STATUS_LABELS[parsed.data.status]}`);
      }
      if (intent === "reopen") {
        await reopenWeek(ctx, id, week, String(form.get("reason") ?? ""));
        return ok("Week reopened: the student has been told why");
      }
      if (intent === "resend") {
        await resendWeek(ctx, id, week);
        return ok("A new sign-off link was sent to the supervisor");
      }
      if (intent === "resend-evaluation") {
        const stage = stageSchema.safeParse(form.get("stage"));
        if (!stage.success) return fail(firstIssue(stage.error));
        await resendEvaluation(ctx, id, stage.data);
        return ok(`The ${STAGE_LABEL[stage.data].toLowerCase()} link was sent to the supervisor`);
      }
      if (intent === "supervisor-email" || intent === "edit") {
        const text = (k: string) =>
          typeof form.get(k) === "string" ? String(form.get(k)) : undefined;
        const raw =
          intent === "supervisor-email"
            ? { supervisor: { email: text("supervisorEmail") } }
            : {
                supervisor: {
                  name: text("supervisorName"),
                  position: text("supervisorPosition"),
                  phone: text("supervisorPhone"),
                },
                startDate: text("startDate"),
                expectedEndDate: text("expectedEndDate"),
                requiredHours: text("requiredHours"),
              };
        const parsed = placementPatchSchema.safeParse(raw);
        if (!parsed.success) return fail(firstIssue(parsed.error));
        await updatePlacement(ctx, id, parsed.data);
        return ok(
          intent === "supervisor-email"
            ? "Supervisor e-mail changed: earlier links no longer work"
            : "Placement saved",
        );
      }
      return fail("Unknown action.");
    },
    { notFound: OJT_MSG.notFound },
  )(args);
}

export default function PlacementDetail() {
  const data = useLoaderData<typeof loader>();
  const { placement: p, audit, week, moves, timeZone } = data;
  const month = (week?.weekStart ?? p.startDate).slice(0, 7);
  // The forms post and come back with a notice, never with field errors; no field had a counter.
  const m = (prefix: string, name: string, initial?: unknown) =>
    metaOf(prefix, name, undefined, initial);
  return (
    <main className="page ojt-page">
      <PageHeader
        title={
          <>
            {p.student.name} <StatusBadge status={p.status} />
          </>
        }
      >
        <span className="row-actions">
          <a className="btn btn-ghost btn-sm" href={`/ojt/${p.id}/dtr?month=${month}`}>
            Daily time record
          </a>
          <Link className="btn btn-ghost btn-sm" to={`/ojt/${p.id}/documents`}>
            Documents ({p.checklist.filter((c) => c.state !== "missing").length}/
            {p.checklist.length})
          </Link>
          <Link className="btn btn-ghost btn-sm" to={`/admin/companies/${p.company.id}/moa`}>
            Host agreement
          </Link>
          <Link to="/admin/ojt" className="btn btn-ghost btn-sm">
            Back to placements
          </Link>
        </span>
      </PageHeader>
      <section className="card" aria-labelledby="pl-summary">
        <h2 id="pl-summary">{p.company.name}</h2>
        <p className="muted">
          {p.student.email} · {p.student.course ?? "No programme"} ·{" "}
          {formatCalendarDate(p.startDate)} – {formatCalendarDate(p.expectedEndDate)}
        </p>
        <p>
          Supervisor: {p.supervisor.name}
          {p.supervisor.position ? `, ${p.supervisor.position}` : ""} · {p.supervisor.email}
          {p.supervisor.phone ? ` · ${p.supervisor.phone}` : ""}
        </p>
        {p.statusReason ? <p>Reason: {p.statusReason}</p> : null}
        {p.status === "completed" ? (
          <p>
            Hired by the host: {p.hiredByHost ? "yes" : "no"} ·{" "}
            <a href={`/api/placements/${p.id}/certificate.pdf`} download>
              Certificate (PDF)
            </a>{" "}
            ·{" "}
            <a href={`/api/placements/${p.id}/dtr.pdf`} download>
              Daily time record (PDF)
            </a>
          </p>
        ) : null}
        <ProgressBar p={p} />
      </section>

      <section className="card" aria-labelledby="pl-weeks">
        <h2 id="pl-weeks">Weeks</h2>
        <WeeksTable
          weeks={p.weeks}
          timeZone={timeZone}
          caption="Weeks of the placement"
          weekHref={(w) => `/admin/ojt/${p.id}?week=${w.weekStart}`}
        />
      </section>

      <section className="card" aria-labelledby="pl-evaluations">
        <h2 id="pl-evaluations">Evaluations</h2>
        <p className="muted">
          Midterm asked on the midpoint ({data.evaluations.midpoint}); final when the approved hours
          reach {p.requiredHours} h.{" "}
          {data.evaluations.requests
            .map(
              (r) =>
                `${STAGE_LABEL[r.stage]} requested ${formatDateTime(r.sentAt, timeZone)} from ${r.supervisorEmail}.`,
            )
            .join(" ")}
        </p>
        <EvaluationDetails items={data.evaluations.items} timeZone={timeZone} />
        {p.status === "deployed" ? (
          <div className="row">
            {(["midterm", "final"] as const)
              .filter((stage) => !data.evaluations.items.some((e) => e.stage === stage))
              .map((stage) => (
                <Form method="post" key={stage}>
                  <input type="hidden" name="intent" value="resend-evaluation" />
                  <input type="hidden" name="stage" value={stage} />
                  <button type="submit" className="btn btn-sm">
                    Send the {STAGE_LABEL[stage].toLowerCase()} link
                  </button>
                </Form>
              ))}
          </div>
        ) : null}
      </section>

      {week ? (
        <section className="card" aria-labelledby="pl-week">
          <h2 id="pl-week">
            Week of {formatCalendarDate(week.weekStart)} <WeekBadge state={week.week.state} />
          </h2>
          <EntriesTable entries={week.entries} caption="Entries of the week" />
          <div className="ojt-actions-grid">
            {week.week.state === "submitted" || week.week.state === "approved" ? (
              <Form method="post" className="form-stack" aria-label="Reopen week">
                <input type="hidden" name="intent" value="reopen" />
                <input type="hidden" name="week" value={week.weekStart} />
                <TextareaField
                  meta={m("reopen", "reason")}
                  label="Reason for reopening"
                  counter={false}
                  required
                  rows={2}
                  maxLength={1000}
                />
                <button type="submit" className="btn">
                  Reopen week
                </button>
              </Form>
            ) : null}
            {week.week.state === "submitted" ? (
              <Form method="post" aria-label="Resend link">
                <input type="hidden" name="intent" value="resend" />
                <input type="hidden" name="week" value={week.weekStart} />
                <button type="submit" className="btn">
                  Resend link to supervisor
                </button>
              </Form>
            ) : null}
          </div>
        </section>
      ) : null}

      <section className="card" aria-labelledby="pl-actions">
        <h2 id="pl-actions">Actions</h2>
        <div className="ojt-actions-grid">
          {moves.length ? (
            <Form
              method="post"
              className="form-stack"
              aria-label="Change status"
              onSubmit={(ev) => {
                const to = new FormData(ev.currentTarget).get("status");
                // Withdrawing or terminating ends the placement: hours can no longer be logged.
                if (
                  (to === "withdrawn" || to === "terminated") &&
                  !window.confirm(
                    `Mark this placement ${to}? The student can no longer log hours on it.`,
                  )
                )
                  ev.preventDefault();
              }}
            >
              <input type="hidden" name="intent" value="status" />
              <SelectField meta={m("st", "status")} label="New status" counter={false} required>
                <Options values={moves} labels={STATUS_LABELS} />
              </SelectField>
              <TextareaField
                meta={m("st", "reason")}
                label="Reason (required to withdraw or terminate)"
                counter={false}
                rows={2}
                maxLength={1000}
              />
              {moves.includes("completed") ? (
                <FieldGroup label="Did the host offer the student a job? (required to complete)">
                  <label>
                    <input type="radio" name="hiredByHost" value="true" /> Yes
                  </label>{" "}
                  <label>
                    <input type="radio" name="hiredByHost" value="false" /> No
                  </label>
                </FieldGroup>
              ) : null}
              <button type="submit" className="btn btn-primary">
                Change status
              </button>
            </Form>
          ) : null}
          <Form method="post" className="form-stack" aria-label="Change supervisor e-mail">
            <input type="hidden" name="intent" value="supervisor-email" />
            <TextField
              meta={{ ...m("sv", "supervisorEmail", p.supervisor.email), id: "sv-email" }}
              label="Supervisor's work e-mail"
              counter={false}
              type="email"
              required
            />
            <button type="submit" className="btn">
              Change e-mail
            </button>
          </Form>
          <Form method="post" className="form-stack" aria-label="Edit placement">
            <input type="hidden" name="intent" value="edit" />
            {(
              [
                ["supervisorName", "Supervisor's name", p.supervisor.name, "text"],
                ["supervisorPosition", "Supervisor's position", p.supervisor.position, "text"],
                ["supervisorPhone", "Supervisor's phone", p.supervisor.phone, "tel"],
                ["startDate", "Start date", p.startDate, "date"],
                ["expectedEndDate", "Expected end date", p.expectedEndDate, "date"],
                ["requiredHours", "Required hours", String(p.requiredHours), "number"],
              ] as const
            ).map(([name, label, value, type]) => (
              <TextField
                key={name}
                meta={m("ed", name, value)}
                label={label}
                counter={false}
                type={type}
              />
            ))}
            <button type="submit" className="btn">
              Save placement
            </button>
          </Form>
        </div>
      </section>

      <section className="card ojt-audit" aria-labelledby="pl-audit">
        <h2 id="pl-audit">Audit</h2>
        {audit.length ? (
          <ul>
            {audit.map((a, i) => (
              <li key={i}>
                {formatDateTime(a.createdAt, timeZone)} — <strong>{a.action}</strong>
                {a.actorEmail ? ` by ${a.actorEmail}` : ""}
                {a.after ? <code> {JSON.stringify(a.after)}</code> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">Nothing yet.</p>
        )}
      </section>
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
