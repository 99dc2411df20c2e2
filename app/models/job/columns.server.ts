/**
 * The one table of a job's fields as the doors give them, each read from the one `Job`:
 *
 * - /api (`serializeJob`, and so the employer's record) gives every entry;
 * - the widget feed (`toPublicFeedJob`) and the JSON Feed's `_runway` give the `public` ones;
 * - the data export gives the ones with an `export` column, with the README's line for it;
 * - `input: "plain"` entries are set by the form and /api under their own name (`toColumns` copies
 *   them), `input: "derived"` ones from another input (How to apply, the allowance pair); both are
 *   content an employer's edit sends back to review.
 *
 * An entry's place in the list is its place in every door's output. The identity, company and
 * dates that open each door's object (`_id`, `postedAt`, `company`…) are each door's contract and
 * stay with it.
 */
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { jobs } from "#db/schema";
import type { SalaryPeriod } from "#db/constants";
import { allowanceLabel } from "./apply-target";
import type { Job } from "./job.server";

interface FieldSpec {
  value: (job: Job) => unknown;
  public?: true;
  export?: readonly [AnyPgColumn, string];
  input?: "plain" | "derived";
}

export const JOB_FIELDS = {
  licences: {
    value: (j: Job) => j.licences ?? [],
    public: true,
    export: [jobs.licences, "required licences or certificates (CSV: “; ”; JSON: a list)"],
    input: "plain",
  },
  ojtHours: {
    value: (j: Job) => j.ojtHours ?? null,
    public: true,
    export: [jobs.ojtHours, "on-the-job training hours (OJT postings), empty if none"],
    input: "plain",
  },
  shift: {
    value: (j: Job) => j.shift ?? null,
    public: true,
    export: [jobs.shift, "shift or rotation"],
    input: "plain",
  },
  medicalClass: {
    value: (j: Job) => j.medicalClass ?? null,
    public: true,
    export: [jobs.medicalClass, "medical class required"],
    input: "plain",
  },
  applyUrl: { value: (j: Job) => j.applyUrl ?? null, input: "derived" },
  applyEmail: { value: (j: Job) => j.applyEmail ?? null, input: "derived" },
  salaryAmount: { value: (j: Job) => allowanceOf(j).salaryAmount, public: true, input: "derived" },
  salaryCurrency: {
    value: (j: Job) => allowanceOf(j).salaryCurrency,
    public: true,
    input: "derived",
  },
  salaryPeriod: { value: (j: Job) => allowanceOf(j).salaryPeriod, public: true, input: "derived" },
  allowance: { value: (j: Job) => allowanceOf(j).allowance, public: true },
  legacyId: { value: (j: Job) => j.legacyId ?? null },
} as const satisfies Record<string, FieldSpec>;

type Fields = typeof JOB_FIELDS;
type KeysWhere<Flag> = {
  [K in keyof Fields]: Fields[K] extends Flag ? K : never;
}[keyof Fields];

/** Every field of the table, as /api gives it. */
export type JobFields = { -readonly [K in keyof Fields]: ReturnType<Fields[K]["value"]> };
/** The fields the public feeds give. */
export type PublicJobFields = Pick<JobFields, KeysWhere<{ public: true }>>;
/** The fields the form and /api set under their own name. */
export type PlainInputKey = KeysWhere<{ input: "plain" }>;

const ENTRIES: ReadonlyArray<readonly [string, FieldSpec]> = Object.entries(JOB_FIELDS);
const pick = (job: Job, keep: (s: FieldSpec) => boolean) =>
  Object.fromEntries(ENTRIES.filter(([, s]) => keep(s)).map(([k, s]) => [k, s.value(job)]));

/** The job's fields for /api, in the table's order. */
export const jobFields = (job: Job) => pick(job, () => true) as JobFields;

/** The job's public fields for the widget feed and the JSON Feed, in the table's order. */
export const publicJobFields = (job: Job) => pick(job, (s) => !!s.public) as PublicJobFields;

/** The export's job columns from the table: name → [database column, README line]. */
export const JOB_EXPORT_FIELDS: Record<string, readonly [AnyPgColumn, string]> = Object.fromEntries(
  ENTRIES.flatMap(([k, s]) => (s.export ? [[k, s.export]] : [])),
);

/** The input keys `toColumns` copies as they are. */
export const PLAIN_INPUT_KEYS = ENTRIES.filter(([, s]) => s.input === "plain").map(
  ([k]) => k,
) as PlainInputKey[];

/** The table's fields an employer's edit of which is a change of content (back to review). */
export const CONTENT_FIELD_KEYS = ENTRIES.filter(([, s]) => !!s.input).map(([k]) => k);

/** A job row's allowance fields as /api, the feeds and the widget give them, with the words. */
export function allowanceOf(row: Pick<Job, "salaryAmount" | "salaryCurrency" | "salaryPeriod">): {
  salaryAmount: number | null;
  salaryCurrency: string;
  salaryPeriod: SalaryPeriod | null;
  allowance: string | null;
} {
  const a = {
    salaryAmount: row.salaryAmount ?? null,
    salaryCurrency: row.salaryCurrency ?? "PHP",
    salaryPeriod: row.salaryPeriod ?? null,
  };
  return { ...a, allowance: allowanceLabel(a) };
}
