/**
 * Pieces the OJT screens share: the progress bar, state badges, the weeks' history and the hours
 * entry form (the forms kit over plain Remix forms, so everything works without JavaScript).
 */
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import type { OjtWeekState, PlacementStatus } from "#db/constants";
import type { EntryJson, PlacementJson, WeekJson } from "~/models/ojt/ojt.schema";
import {
  NumberField,
  SelectField,
  TextareaField,
  TextField,
  type FieldMeta,
} from "../forms/fields";
import { formatCalendarDate, formatDateTime } from "~/lib/datetime";
import { logbookLine } from "./logbook";

export const WEEK_STATE_LABELS: Record<OjtWeekState, string> = {
  open: "Open",
  submitted: "Waiting for supervisor",
  approved: "Approved",
  returned: "Returned",
};

export const STATUS_LABELS: Record<PlacementStatus, string> = {
  planned: "Planned",
  deployed: "Deployed",
  completed: "Completed",
  withdrawn: "Withdrawn",
  terminated: "Terminated",
};

const WEEK_BADGE: Record<OjtWeekState, string> = {
  open: "badge",
  submitted: "badge badge-warning",
  approved: "badge badge-success",
  returned: "badge badge-danger",
};

export function WeekBadge({ state }: { state: OjtWeekState }) {
  return <span className={WEEK_BADGE[state]}>{WEEK_STATE_LABELS[state]}</span>;
}

export function StatusBadge({ status }: { status: PlacementStatus }) {
  const cls =
    status === "deployed"
      ? "badge badge-success"
      : status === "planned"
        ? "badge"
        : status === "completed"
          ? "badge"
          : "badge badge-danger";
  return <span className={cls}>{STATUS_LABELS[status]}</span>;
}

/** Hours as the screens show them: '7.5 h'. */
export function hoursText(h: number): string {
  return `${Math.round(h * 100) / 100} h`;
}

/** Approved and pending hours against the required hours, with the words for screen readers. */
export function ProgressBar({ p }: { p: PlacementJson }) {
  const req = Math.max(1, p.requiredHours);
  const approved = Math.min(100, (p.approvedHours / req) * 100);
  const pending = Math.min(100 - approved, (p.pendingHours / req) * 100);
  return (
    <div className="ojt-progress">
      <div className="ojt-bar" aria-hidden="true">
        <span className="ojt-bar-approved" style={{ width: `${approved}%` }} />
        <span className="ojt-bar-pending" style={{ width: `${pending}%` }} />
      </div>
      <p className="ojt-progress-text" data-testid="ojt-progress">
        <strong>{hoursText(p.approvedHours)}</strong> approved of {p.requiredHours} h required
        {p.pendingHours > 0 ? <> · {hoursText(p.pendingHours)} waiting for sign-off</> : null}
        {p.projectedFinish ? (
          <> · projected finish {formatCalendarDate(p.projectedFinish)}</>
        ) : null}
        {p.atRisk ? (
          <>
            {" "}
            <span className="badge badge-danger">At risk</span>
          </>
        ) : null}
      </p>
    </div>
  );
}

/** The weeks' history: state, hours, decision and the supervisor's or coordinator's comment. */
export function WeeksTable({
  weeks,
  timeZone,
  weekHref,
  caption,
}: {
  weeks: WeekJson[];
  timeZone: string;
  weekHref?: (w: WeekJson) => string;
  caption: string;
}) {
  if (!weeks.length) return <p className="muted">No weeks logged yet.</p>;
  return (
    <CardsTable caption={caption} columns={["Week", "State", "Hours", "Decided", "Comment"]}>
      {weeks.map((w) => (
        <tr key={w.weekStart}>
          <td data-label="Week">
            {weekHref ? (
              <a href={weekHref(w)}>{formatCalendarDate(w.weekStart)}</a>
            ) : (
              formatCalendarDate(w.weekStart)
            )}
          </td>
          <td data-label="State">
            <WeekBadge state={w.state} />
          </td>
          <td data-label="Hours">{hoursText(w.hours)}</td>
          <td data-label="Decided">
            {w.decidedAt ? (
              <>
                {formatDateTime(w.decidedAt, timeZone)}
                {w.decidedBy ? <> by {w.decidedBy}</> : null}
              </>
            ) : (
              "—"
            )}
          </td>
          <td data-label="Comment">{w.comment ?? "—"}</td>
        </tr>
      ))}
    </CardsTable>
  );
}

/** A table's hidden caption and its column headings (a null heading is left out). */
export function TableHead({ caption, columns }: { caption: string; columns: (string | null)[] }) {
  return (
    <>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) =>
            c === null ? null : (
              <th key={c} scope="col">
                {c}
              </th>
            ),
          )}
        </tr>
      </thead>
    </>
  );
}

/** A table that is stacked cards on a phone and scrolls sideways elsewhere; `children` the rows. */
function CardsTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: (string | null)[];
  children: ReactNode;
}) {
  return (
    <div className="table-scroll table-cards">
      <table className="table">
        <TableHead caption={caption} columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A field's metadata for the forms kit without conform: the screens parse on the server. */
export function metaOf(
  prefix: string,
  name: string,
  errors: Record<string, string[]> | undefined,
  initial: unknown,
): FieldMeta {
  return {
    id: `${prefix}-${name}`,
    name,
    key: `${prefix}-${name}-${String(initial ?? "")}`,
    errors: errors?.[name],
    initialValue: initial == null ? "" : String(initial),
  };
}

export type EntryValues = Partial<
  Record<
    | "date"
    | "timeIn"
    | "timeOut"
    | "breakMinutes"
    | "tasks"
    | "aircraftType"
    | "registration"
    | "ataChapter"
    | "involvement",
    string | number | null
  >
>;

/** Log hours / edit an entry: the common fields first, the logbook's optional ones folded. */
export function EntryForm({
  intent,
  entryId,
  values,
  errors,
  today,
  minDate,
  ataChapters,
  submitLabel,
  extra,
}: {
  intent: "log" | "update";
  entryId?: string;
  values: EntryValues;
  errors?: Record<string, string[]>;
  today: string;
  minDate: string;
  ataChapters: [string, string][];
  submitLabel: string;
  extra?: ReactNode;
}) {
  // The fields' ids: log-date… in the log form, edit-date… in the edit form (both can be shown).
  const prefix = intent === "update" ? "edit" : "log";
  const m = (name: keyof EntryValues) => metaOf(prefix, name, errors, values[name]);
  const formError = errors?.form?.[0];
  const logbookOpen = !!(
    values.aircraftType ||
    values.registration ||
    values.ataChapter ||
    values.involvement ||
    errors?.ataChapter ||
    errors?.involvement
  );
  return (
    <Form method="post" className="ojt-entry-form form-stack" aria-label={submitLabel}>
      <input type="hidden" name="intent" value={intent} />
      {entryId ? <input type="hidden" name="id" value={entryId} /> : null}
      {formError ? (
        <p className="alert alert-error" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="ojt-entry-grid">
        <TextField meta={m("date")} label="Date" type="date" min={minDate} max={today} required />
        <TextField meta={m("timeIn")} label="Time in" type="time" required />
        <TextField meta={m("timeOut")} label="Time out" type="time" required />
        <NumberField meta={m("breakMinutes")} label="Break (minutes)" min={0} />
      </div>
      <TextareaField meta={m("tasks")} label="Tasks done" rows={3} maxLength={2000} required />
      <details className="ojt-logbook" open={logbookOpen}>
        <summary>Aviation logbook (optional)</summary>
        <div className="ojt-entry-grid">
          <TextField meta={m("aircraftType")} label="Aircraft type" maxLength={80} />
          <TextField
            meta={m("registration")}
            label="Registration"
            maxLength={20}
            autoCapitalize="characters"
          />
          <SelectField meta={m("ataChapter")} label="ATA chapter">
            <option value="">None</option>
            {ataChapters.map(([code, name]) => (
              <option key={code} value={code}>
                {code} — {name}
              </option>
            ))}
          </SelectField>
          <SelectField meta={m("involvement")} label="Involvement">
            <option value="">None</option>
            <option value="performed">Performed</option>
            <option value="assisted">Assisted</option>
            <option value="observed">Observed</option>
          </SelectField>
        </div>
      </details>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary">
          {submitLabel}
        </button>
        {extra}
      </div>
    </Form>
  );
}

/** The entries of a week as stacked cards on a phone, a table elsewhere. */
export function EntriesTable({
  entries,
  caption,
  actions,
}: {
  entries: EntryJson[];
  caption: string;
  actions?: (e: EntryJson) => ReactNode;
}) {
  if (!entries.length) return <p className="muted">No entries this week yet.</p>;
  return (
    <CardsTable
      caption={caption}
      columns={["Date", "Time", "Hours", "Tasks", actions ? "Actions" : null]}
    >
      {entries.map((e) => (
        <tr key={e.id} data-testid="ojt-entry">
          <td data-label="Date">{formatCalendarDate(e.date, true)}</td>
          <td data-label="Time">
            {e.timeIn}–{e.timeOut}
            {e.breakMinutes ? <> (break {e.breakMinutes} min)</> : null}
          </td>
          <td data-label="Hours">{hoursText(e.minutes / 60)}</td>
          <td data-label="Tasks" className="ojt-tasks">
            {e.tasks}
            {logbookLine(e) ? (
              <span className="muted ojt-logbook-line">{logbookLine(e)}</span>
            ) : null}
          </td>
          {actions ? (
            <td data-label="Actions">
              {e.locked ? <span className="badge">Locked</span> : actions(e)}
            </td>
          ) : null}
        </tr>
      ))}
    </CardsTable>
  );
}
