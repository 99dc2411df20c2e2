/**
 * 1–5 rating scales for a list of criteria (plain radio groups: they work without JavaScript and
 * one column on a phone), as the supervisor's evaluation and the student's host review use them.
 * Field names are `rating.<key>`; the doors gather them into `ratings`.
 */
import type { Criterion } from "~/models/ojt/evaluation.schema";

const SCALE = [1, 2, 3, 4, 5] as const;

export function RatingFields({
  criteria,
  values,
  errorKeys,
  idPrefix,
}: {
  criteria: readonly Criterion[];
  values?: Record<string, string | number | undefined>;
  errorKeys?: readonly string[];
  idPrefix: string;
}) {
  return (
    <ul className="eval-criteria stack">
      {criteria.map((c) => {
        const bad = errorKeys?.includes(c.key);
        return (
          <li key={c.key}>
            <fieldset
              className="rating-group"
              aria-invalid={bad || undefined}
              aria-describedby={bad ? `${idPrefix}-error` : undefined}
            >
              <legend>{c.label}</legend>
              <div className="rating-options">
                {SCALE.map((n) => (
                  <label key={n} className="rating-option">
                    <input
                      type="radio"
                      name={`rating.${c.key}`}
                      value={n}
                      required
                      defaultChecked={String(values?.[c.key] ?? "") === String(n)}
                    />
                    {n}
                  </label>
                ))}
              </div>
            </fieldset>
          </li>
        );
      })}
    </ul>
  );
}

/** The `rating.<key>` fields of a posted form as `{key: value}`. */
export function ratingsFromForm(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries())
    if (k.startsWith("rating.") && typeof v === "string") out[k.slice(7)] = v;
  return out;
}
