/**
 * Job alert schemas (zod) for the alert form and /api/alerts. The rules they share with the board
 * live in alert.rules.ts.
 */
import { z } from "zod";
import { ALERT_FREQUENCIES, JOB_TYPES } from "#db/constants";
import { FILTER_MAX, TERM_MAX } from "../job/job.rules";
import { ALERT_MSG, ALERT_NAME_MAX } from "./alert.rules";

export * from "./alert.rules";

const blankToNull = (v: string | null | undefined) => (v ? v : null);

const nameField = z
  .string({ error: ALERT_MSG.nameRequired })
  .trim()
  .min(1, ALERT_MSG.nameRequired)
  .max(ALERT_NAME_MAX, ALERT_MSG.nameTooLong);
const qField = z
  .string({ error: ALERT_MSG.qTooLong })
  .trim()
  .max(TERM_MAX, ALERT_MSG.qTooLong)
  .nullish()
  .transform((v) => v ?? "");
const filterField = (label: string) =>
  z
    .string({ error: ALERT_MSG.filterTooLong(label) })
    .trim()
    .max(FILTER_MAX, ALERT_MSG.filterTooLong(label))
    .nullish()
    .transform(blankToNull);
// "" and "all" mean every type, as on the board.
const jobTypeField = z
  .string({ error: ALERT_MSG.jobType })
  .trim()
  .toLowerCase()
  .nullish()
  .transform((v) => (!v || v === "all" ? null : v))
  .pipe(z.enum(JOB_TYPES, { error: ALERT_MSG.jobType }).nullable());
const frequencyField = z
  .string({ error: ALERT_MSG.frequency })
  .trim()
  .toLowerCase()
  .pipe(z.enum(ALERT_FREQUENCIES, { error: ALERT_MSG.frequency }));

/** Create (form or POST /api/alerts): a name is required; frequency defaults to weekly. */
export const alertInputSchema = z.object({
  name: nameField,
  q: qField,
  jobType: jobTypeField,
  location: filterField("Location"),
  category: filterField("Category"),
  frequency: frequencyField.default("weekly"),
});
export type AlertInput = z.infer<typeof alertInputSchema>;

/** Update (edit form or PUT /api/alerts/{id}): any subset of the fields. */
export const alertPatchSchema = z
  .object({
    name: nameField.optional(),
    q: z
      .string({ error: ALERT_MSG.qTooLong })
      .trim()
      .max(TERM_MAX, ALERT_MSG.qTooLong)
      .nullable()
      .transform((v) => v ?? "")
      .optional(),
    jobType: z
      .string({ error: ALERT_MSG.jobType })
      .trim()
      .toLowerCase()
      .nullable()
      .transform((v) => (!v || v === "all" ? null : v))
      .pipe(z.enum(JOB_TYPES, { error: ALERT_MSG.jobType }).nullable())
      .optional(),
    location: z
      .string({ error: ALERT_MSG.filterTooLong("Location") })
      .trim()
      .max(FILTER_MAX, ALERT_MSG.filterTooLong("Location"))
      .nullable()
      .transform(blankToNull)
      .optional(),
    category: z
      .string({ error: ALERT_MSG.filterTooLong("Category") })
      .trim()
      .max(FILTER_MAX, ALERT_MSG.filterTooLong("Category"))
      .nullable()
      .transform(blankToNull)
      .optional(),
    frequency: frequencyField.optional(),
  })
  .transform(
    (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as typeof o,
  );
export type AlertPatch = z.infer<typeof alertPatchSchema>;
