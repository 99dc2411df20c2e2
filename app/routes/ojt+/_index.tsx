/**
 * /ojt — the student's internship (OJT) placement: progress, this week's entries, logging hours
 * (today's date on the college's clock and the last times prefilled, so a phone needs few taps),
 * edit and delete of entries not locked, submit the week to the supervisor, resend the link, and
 * the weeks' history with the supervisor's comment. Plain forms: works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  EntriesTable,
  EntryForm,
  ProgressBar,
  StatusBadge,
  WeekBadge,
  WeeksTable,
  hoursText,
  type EntryValues,
} from "~/components/ojt/ojt-parts";
import { todayOf } from "~/models/ojt/config";
import {
  addEntry,
  deleteEntry,
  lastEntryTimes,
  listEntries,
  resendWeek,
  submitWeek,
  updateEntry,
} from "~/models/ojt/hours.server";
import { myPlacements } from "~/models/ojt/placement.server";
import { ownHostReview, submitHostReview } from "~/models/ojt/evaluation.server";
import { hostReviewSchema, midpointOf } from "~/models/ojt/evaluation.schema";
import { EvaluationSummaryList, HostReviewForm } from "~/components/ojt/evaluation-parts";
import { ratingsFromForm } from "~/components/ojt/rating-fields";
import { redirectWithFlash } from "~/web/auth.server";
import { orNull, screen } from "~/web/screen.server";
import type { SessionUser } from "~/models/auth/session.server";
import {
  addDays,
  ATA_CHAPTERS,
  entryInputSchema,
  issuesOf,
  screenCtx,
  weekOf,
  weekStartOf,
} from "~/web/ojt.server";
import styles from "~/styles/ojt.css";
import { stylesheet } from "~/components/layout/stylesheet";
import { PageHeader } from "~/components/layout/page-header";
import { formatCalendarDate, formatDateTime } from "~/lib/datetime";

export const links = stylesheet(styles);
export const meta: MetaFunction = () => [{ title: "My OJT · Runway" }];

/** Students only: coordinators and admins have /admin/ojt, everyone else their dashboard. */
function studentCtx(me: SessionUser) {
  if (me.role === "admin" || me.role === "coordinator") throw redirect("/admin/ojt");
  if (me.role !== "student") throw redirect(me.role === "employer" ? "/employer" : "/dashboard");
  return screenCtx(me);
}

export function loader(args: LoaderFunctionArgs) {
  return screen("user", async ({ request, user }) => {
    const ctx = await studentCtx(user);
    const params = new URL(request.url).searchParams;
    const today = todayOf(ctx.ojt);
    const all = await myPlacements(ctx);
    const placement = all[0] ?? null;
    if (!placement)
      return json({ placement: null, others: [], today, timeZone: ctx.ojt.timeZone } as const);
    const weekParam = params.get("week");
    // A week the model refuses (not a Monday, say) shows this week instead.
    const week =
      (await orNull(listEntries(ctx, placement.id, weekOf(weekParam)))) ??
      (await listEntries(ctx, placement.id, null));
    const last = await lastEntryTimes(ctx, placement.id);
    const hostReview = await ownHostReview(ctx, placement.id);
    const canReview =
      !hostReview &&
      (placement.status === "completed" || placement.evaluations.some((e) => e.stage === "final"));
    const editId = params.get("edit");
    const editing = editId
      ? (week.entries.find((e) => e.id === editId && !e.locked) ?? null)
      : null;
    return json({
      placement,
      others: all.slice(1).map((p) => ({
        id: p.id,
        company: p.company.name,
        status: p.status,
        startDate: p.startDate,
        expectedEndDate: p.expectedEndDate,
      })),
      today,
      timeZone: ctx.ojt.timeZone,
      week,
      last,
      editing,
      thisWeek: week.weekStart === weekStartOf(today),
      prevWeek: addDays(week.weekStart, -7),
      nextWeek: addDays(week.weekStart, 7),
      ataChapters: Object.entries(ATA_CHAPTERS) as [string, string][],
      midpoint: midpointOf(placement.startDate, placement.expectedEndDate),
      hostReview,
      canReview,
    });
  })(args);
}

type ActionData = {
  intent: "log" | "update";
  id: string | null;
  errors: Record<string, string[]>;
  values: EntryValues;
};

export function action(args: ActionFunctionArgs) {
  return screen("user", async ({ request, user, failAny, onFailure }) => {
    const ctx = await studentCtx(user);
    const form = await request.formData();
    const intent = String(form.get("intent") ?? "");
    const placementId = String(form.get("placementId") ?? "");
    const id = String(form.get("id") ?? "");
    const week = String(form.get("week") ?? "");
    const back = `/ojt${weekOf(week) ? `?week=${week}` : ""}`;
    const flashOk = (message: string, to = back) =>
      redirectWithFlash(to, { kind: "success", message });
    const flashErr = (message: string) => redirectWithFlash(back, { kind: "error", message });

    if (intent === "log" || intent === "update") {
      const values = Object.fromEntries(
        [
          "date",
          "timeIn",
          "timeOut",
          "breakMinutes",
          "tasks",
          "aircraftType",
          "registration",
          "ataChapter",
          "involvement",
        ].map((k) => [k, typeof form.get(k) === "string" ? String(form.get(k)) : null]),
      ) as EntryValues;
      const parsed = entryInputSchema.safeParse(values);
      const reply = (errors: Record<string, string[]>, status: number) =>
        json<ActionData>({ intent, id: id || null, errors, values }, { status });
      if (!parsed.success) return reply(issuesOf(parsed.error), 400);
      failAny((e): ActionData => ({
        intent,
        id: id || null,
        errors: e
          ? { form: [e.message], ...(e.fields ?? {}) }
          : { form: ["Could not save the entry. Please try again."] },
        values,
      }));
      const target = `/ojt?week=${parsed.data.date ? weekStartOf(parsed.data.date) : ""}`;
      if (intent === "log") {
        await addEntry(ctx, placementId, parsed.data);
        return flashOk("Hours logged", target);
      }
      await updateEntry(ctx, placementId, id, parsed.data);
      return flashOk("Entry saved", target);
    }
    onFailure((e) => flashErr(e?.message ?? "Something went wrong. Please try again."));
    if (intent === "delete") {
      await deleteEntry(ctx, placementId, id);
      return flashOk("Entry deleted");
    }
    if (intent === "submit") {
      await submitWeek(ctx, placementId, week);
      return flashOk("Week submitted: your supervisor has been e-mailed a sign-off link");
    }
    if (intent === "resend") {
      await resendWeek(ctx, placementId, week);
      return flashOk("A new sign-off link was sent to your supervisor");
    }
    if (intent === "host-review") {
      const parsed = hostReviewSchema.safeParse({
        ratings: ratingsFromForm(form),
        comments: form.get("comments") ?? undefined,
      });
      if (!parsed.success) return flashErr(parsed.error.issues[0]?.message ?? "Check the review");
      await submitHostReview(ctx, placementId, parsed.data);
      return flashOk("Thank you: your review of the host was recorded");
    }
    return flashErr("Unknown action.");
  })(args);
}

export default function MyOjt() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  if (!data.placement) {
    return (
      <main className="page page-narrow ojt-page">
        <h1>My OJT</h1>
        <p className="muted">
          You have no OJT placement yet. Your OJT coordinator creates it when you are deployed to a
          host company.
        </p>
      </main>
    );
  }
  const { placement: p, week, last, editing, today, timeZone } = data;
  const deployed = p.status === "deployed";
  const editable = week.week.state === "open" || week.week.state === "returned";
  const logErrors = actionData?.intent === "log" ? actionData.errors : undefined;
  const logValues: EntryValues =
    actionData?.intent === "log"
      ? actionData.values
      : {
          date: today,
          timeIn: last?.timeIn ?? "08:00",
          timeOut: last?.timeOut ?? "17:00",
          breakMinutes: last?.breakMinutes ?? 60,
        };
  const updateFailed = actionData?.intent === "update" ? actionData : null;
  const editEntry = updateFailed?.id ?? editing?.id ?? null;
  const editValues: EntryValues = updateFailed ? updateFailed.values : (editing ?? {});
  // The dates an entry may take and the ATA chapters, for the log form and the edit form alike.
  const entryLimits = { today, minDate: p.startDate, ataChapters: data.ataChapters };
  const hidden = (
    <>
      <input type="hidden" name="placementId" value={p.id} />
      <input type="hidden" name="week" value={week.weekStart} />
    </>
  );
  const { prevWeek, nextWeek } = data;
  return (
    <main className="page ojt-page">
      <PageHeader as="header" title="My OJT">
        <a className="btn btn-ghost btn-sm" href={`/ojt/${p.id}/dtr?month=${today.slice(0, 7)}`}>
          Daily time record
        </a>
        <a className="btn btn-ghost btn-sm" href={`/ojt/${p.id}/documents`}>
          Documents ({p.checklist.filter((c) => c.state !== "missing").length}/{p.checklist.length})
        </a>
      </PageHeader>

      {p.status === "completed" ? (
        <section className="card" aria-labelledby="ojt-completed">
          <h2 id="ojt-completed">Your OJT is complete</h2>
          <p>
            <a
              className="btn btn-primary"
              href={`/api/placements/${p.id}/certificate.pdf`}
              download
            >
              Download the certificate (PDF)
            </a>{" "}
            <a className="btn btn-ghost" href={`/api/placements/${p.id}/dtr.pdf`} download>
              Download the certified daily time record (PDF)
            </a>
          </p>
          {p.certificateCode ? (
            <p className="muted">
              Verification code {p.certificateCode}:{" "}
              <a href={`/certificates/${p.certificateCode}`}>check it online</a>
            </p>
          ) : null}
        </section>
      ) : null}

      <section className="card ojt-summary" aria-labelledby="ojt-placement">
        <h2 id="ojt-placement">
          {p.company.name} <StatusBadge status={p.status} />
        </h2>
        <p className="muted">
          {formatCalendarDate(p.startDate)} – {formatCalendarDate(p.expectedEndDate)} · Supervisor{" "}
          {p.supervisor.name}
          {p.supervisor.position ? `, ${p.supervisor.position}` : ""}
        </p>
        {p.statusReason ? <p>Reason: {p.statusReason}</p> : null}
        <ProgressBar p={p} />
      </section>

      <section className="card" aria-labelledby="ojt-week">
        <div className="ojt-week-head">
          <h2 id="ojt-week">
            {data.thisWeek ? "This week" : "Week"}: {formatCalendarDate(week.weekStart)} –{" "}
            {formatCalendarDate(week.weekEnd)}
          </h2>
          <WeekBadge state={week.week.state} />
        </div>
        <nav className="ojt-week-nav" aria-label="Weeks">
          <a className="btn btn-ghost btn-sm" href={`/ojt?week=${prevWeek}`}>
            ‹ Previous week
          </a>
          {!data.thisWeek ? (
            <a className="btn btn-ghost btn-sm" href="/ojt">
              This week
            </a>
          ) : null}
          {nextWeek <= today ? (
            <a className="btn btn-ghost btn-sm" href={`/ojt?week=${nextWeek}`}>
              Next week ›
            </a>
          ) : null}
        </nav>
        {week.week.state === "returned" && week.week.comment ? (
          <div className="alert alert-error" role="status" data-testid="ojt-returned">
            <strong>Returned:</strong> {week.week.comment}
          </div>
        ) : null}
        {week.week.state === "submitted" && week.week.submittedAt ? (
          <p className="muted">
            Submitted {formatDateTime(week.week.submittedAt, timeZone)}; waiting for{" "}
            {p.supervisor.name}.
          </p>
        ) : null}
        {week.week.state === "approved" && week.week.decidedAt ? (
          <p className="muted">
            Approved {formatDateTime(week.week.decidedAt, timeZone)}
            {week.week.decidedBy ? ` by ${week.week.decidedBy}` : ""}. These entries are locked.
          </p>
        ) : null}
        <EntriesTable
          entries={week.entries}
          caption="Entries of the week"
          // Entries of a week waiting for or past sign-off show as locked.
          actions={
            deployed
              ? (e) => (
                  <span className="row-actions">
                    <Link
                      className="btn btn-sm"
                      to={`/ojt?week=${week.weekStart}&edit=${e.id}#edit-entry`}
                      aria-label={`Edit the entry of ${e.date} ${e.timeIn}`}
                    >
                      Edit
                    </Link>
                    <Form
                      method="post"
                      className="inline-form"
                      onSubmit={(ev) => {
                        if (
                          !window.confirm(`Delete the entry of ${e.date} ${e.timeIn}–${e.timeOut}?`)
                        )
                          ev.preventDefault();
                      }}
                    >
                      {hidden}
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={e.id} />
                      <button
                        type="submit"
                        className="btn btn-sm btn-danger"
                        aria-label={`Delete the entry of ${e.date} ${e.timeIn}`}
                      >
                        Delete
                      </button>
                    </Form>
                  </span>
                )
              : undefined
          }
        />
        <p>
          Week total: <strong>{hoursText(week.week.hours)}</strong>
        </p>
        {deployed && editable && week.entries.length > 0 ? (
          <Form method="post" className="inline-form">
            {hidden}
            <input type="hidden" name="intent" value="submit" />
            <button type="submit" className="btn btn-primary">
              {week.week.state === "returned" ? "Resubmit week" : "Submit week"}
            </button>
          </Form>
        ) : null}
        {week.week.state === "submitted" ? (
          <Form method="post" className="inline-form">
            {hidden}
            <input type="hidden" name="intent" value="resend" />
            <button type="submit" className="btn">
              Resend link to supervisor
            </button>
          </Form>
        ) : null}
      </section>

      {deployed && editEntry && editable ? (
        <section className="card" id="edit-entry" aria-labelledby="ojt-edit">
          <h2 id="ojt-edit">Edit entry</h2>
          <EntryForm
            intent="update"
            entryId={editEntry}
            values={editValues}
            errors={updateFailed?.errors}
            {...entryLimits}
            submitLabel="Save entry"
            extra={
              <>
                <input type="hidden" name="placementId" value={p.id} />
                <input type="hidden" name="week" value={week.weekStart} />
                <a className="btn btn-ghost" href={`/ojt?week=${week.weekStart}`}>
                  Cancel
                </a>
              </>
            }
          />
        </section>
      ) : null}

      {deployed ? (
        <section className="card" aria-labelledby="ojt-log">
          <h2 id="ojt-log">Log hours</h2>
          <EntryForm
            intent="log"
            values={logValues}
            errors={logErrors}
            {...entryLimits}
            submitLabel="Log hours"
            extra={<input type="hidden" name="placementId" value={p.id} />}
          />
        </section>
      ) : p.status === "planned" ? (
        <p className="alert" role="status">
          Your placement starts when your coordinator marks you deployed; then you can log hours.
        </p>
      ) : null}

      <section className="card" aria-labelledby="ojt-history">
        <h2 id="ojt-history">Weeks</h2>
        <WeeksTable
          weeks={p.weeks}
          timeZone={timeZone}
          caption="Your weeks and their sign-off"
          weekHref={(w) => `/ojt?week=${w.weekStart}`}
        />
      </section>

      <section className="card" aria-labelledby="ojt-evaluations">
        <h2 id="ojt-evaluations">Evaluations</h2>
        <EvaluationSummaryList
          evaluations={p.evaluations}
          timeZone={timeZone}
          requiredHours={p.requiredHours}
          midpoint={data.midpoint}
        />
        {data.hostReview ? (
          <p>
            You reviewed your host on {formatDateTime(data.hostReview.submittedAt, timeZone)}. Thank
            you.
          </p>
        ) : data.canReview ? (
          <>
            <h3>Review your host</h3>
            <HostReviewForm placementId={p.id} />
          </>
        ) : null}
      </section>

      {data.others.length ? (
        <section className="card" aria-labelledby="ojt-earlier">
          <h2 id="ojt-earlier">Earlier placements</h2>
          <ul>
            {data.others.map((o) => (
              <li key={o.id}>
                {o.company} — <StatusBadge status={o.status} /> ({formatCalendarDate(o.startDate)} –{" "}
                {formatCalendarDate(o.expectedEndDate)})
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
