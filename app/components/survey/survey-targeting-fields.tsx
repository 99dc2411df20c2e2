/**
 * The cohort and privacy fields at the top of the survey editor: who the survey is for
 * beyond its audience (programmes, graduation years), anonymous mode with what it means, and the
 * reminder schedule. Plain form controls: the server (surveyInputSchema) gives the messages.
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { TARGETING_MSG, REMIND_LIMITS } from "~/models/survey/survey.rules";
import { useState } from "react";
import type { CourseGroup } from "~/components/ui/course-options";
import { FieldGroup } from "~/components/ui/plain-field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { TextField } from "~/components/forms/fields";

type Meta<T> = FieldMetadata<T, Record<string, unknown>, string[]>;

/** conform gives a multi-value field's initial value as a list, or a string for one value. */
const listOf = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(String) : typeof v === "string" && v ? [v] : [];

export function SurveyTargetingFields({
  courses,
  graduationYears,
  anonymous,
  remindEveryDays,
  remindMax,
  courseGroups,
  anonymousLocked,
}: {
  courses: Meta<string[] | undefined>;
  graduationYears: Meta<string | undefined>;
  anonymous: Meta<boolean | undefined>;
  remindEveryDays: Meta<string | undefined>;
  remindMax: Meta<string | undefined>;
  courseGroups: CourseGroup[];
  /** True once someone answered: the mode is fixed (the server refuses a change with 409). */
  anonymousLocked: boolean;
}) {
  const anonymousOn = anonymous.initialValue === "on" || anonymous.initialValue === "true";
  return (
    <fieldset className="stack survey-targeting">
      <legend>Cohort and privacy</legend>
      <ProgrammeChecklist
        name={courses.name}
        id={courses.id}
        errors={courses.errors}
        initial={listOf(courses.initialValue)}
        groups={courseGroups}
      />
      <TextField
        meta={graduationYears}
        label="Graduation years"
        hint="Comma-separated, e.g. 2023, 2024. Leave blank for every year."
        inputMode="numeric"
        autoComplete="off"
      />
      <div className="field">
        <label className="checkbox-row">
          <input
            {...getInputProps(anonymous, { type: "checkbox" })}
            key={anonymous.key}
            disabled={anonymousLocked}
            aria-describedby={`${anonymous.id}-help`}
          />
          Anonymous (one answer per person, answers not linked to people)
        </label>
        {anonymousLocked && anonymousOn ? (
          // A disabled box is not submitted: keep the stored mode.
          <input type="hidden" name={anonymous.name} value="on" />
        ) : null}
        <p id={`${anonymous.id}-help`} className="field-hint">
          {TARGETING_MSG.anonymousHelp}
          {anonymousLocked ? " This survey already has responses, so the mode is fixed." : null}
        </p>
        {anonymous.errors?.length ? (
          <p className="field-error" role="alert">
            {anonymous.errors[0]}
          </p>
        ) : null}
      </div>
      <div className="form-grid">
        <TextField
          meta={remindEveryDays}
          label="Remind non-responders every (days)"
          hint={`1 to ${REMIND_LIMITS.everyDaysMax}; blank for no reminders.`}
          inputMode="numeric"
          autoComplete="off"
        />
        <TextField
          meta={remindMax}
          label="At most (reminders)"
          hint={`1 to ${REMIND_LIMITS.maxTimes}.`}
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
    </fieldset>
  );
}

/**
 * The programmes as checkboxes grouped by institute (no Ctrl-click multi-select): none ticked means
 * every programme. With JavaScript a search box narrows the list; ticked boxes stay ticked (and
 * submitted) while hidden by it.
 */
function ProgrammeChecklist({
  name,
  id,
  errors,
  initial,
  groups,
}: {
  name: string;
  id: string;
  errors: string[] | undefined;
  initial: string[];
  groups: CourseGroup[];
}) {
  const hydrated = useHydrated();
  const [find, setFind] = useState("");
  const needle = find.trim().toLowerCase();
  const shown = (text: string) => !needle || text.toLowerCase().includes(needle);
  return (
    <FieldGroup
      label="Programmes"
      id={id}
      className="programme-checklist"
      invalid={!!errors?.length}
      aria-describedby={`${id}-hint`}
    >
      <p id={`${id}-hint`} className="field-hint">
        Leave none ticked for every programme.
      </p>
      {hydrated ? (
        <input
          type="search"
          className="input programme-find"
          aria-label="Find a programme"
          placeholder="Find a programme"
          value={find}
          onChange={(e) => setFind(e.target.value)}
        />
      ) : null}
      <div className="programme-checklist-box">
        {groups.map((g) => {
          const any = g.courses.some((c) => shown(`${c.name} ${g.label}`));
          return (
            <div key={g.institute} role="group" aria-label={g.label} hidden={!any}>
              <p className="programme-group">{g.label}</p>
              {g.courses.map((c) => (
                <label
                  key={c.id}
                  className="programme-option"
                  hidden={!shown(`${c.name} ${g.label}`)}
                >
                  <input
                    type="checkbox"
                    name={name}
                    value={c.id}
                    defaultChecked={initial.includes(c.id)}
                  />{" "}
                  {c.name}
                </label>
              ))}
            </div>
          );
        })}
      </div>
      {errors?.length ? (
        <p className="field-error" role="alert">
          {errors[0]}
        </p>
      ) : null}
    </FieldGroup>
  );
}
