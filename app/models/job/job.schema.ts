/**
 * The job schemas (zod) of the admin form and /api. The rules, texts and types they share with the
 * screens live in job.rules.ts, re-exported here for server code.
 */
import { z } from "zod";
import { optionalText } from "../fields.schema";
import {
  allowanceProblem,
  APPLY_TO_MAX,
  CATEGORIES_MAX,
  CATEGORY_MAX,
  DESCRIPTION_MAX,
  JOB_MSG,
  LICENCE_MAX,
  LICENCES_MAX,
  LOCATION_MAX,
  MEDICAL_CLASS_MAX,
  OJT_HOURS_MAX,
  SHIFT_MAX,
  parseDeadline,
  parseHowToApply,
  SALARY_AMOUNT_MAX,
  SHORT_MAX,
  TITLE_MAX,
} from "./job.rules";
import { DEFAULT_SALARY_CURRENCY, JOB_STATUSES, JOB_TYPES, SALARY_PERIODS } from "#db/constants";

export * from "./job.rules";

/** The form and API field: "" or null clear it; otherwise a date or a zoned date-time. */
const deadlineField = z.preprocess(
  (v) => (v === "" ? null : v),
  z.union(
    [
      z.null(),
      z
        .string({ error: JOB_MSG.deadline })
        .max(40, JOB_MSG.deadline)
        .transform((s, ctx) => {
          const d = parseDeadline(s);
          if (!d) {
            ctx.addIssue({ code: "custom", message: JOB_MSG.deadline });
            return z.NEVER;
          }
          return d;
        }),
    ],
    { error: JOB_MSG.deadline },
  ),
);

const optionalJobText = (label: string, max: number) =>
  optionalText(max, JOB_MSG.tooLong(label, max));

/**
 * A list of names from a list or a comma-separated string: trimmed, blanks dropped, duplicates
 * (case-blind) removed; at most `count` names of at most `each` characters.
 */
const nameListField = (each: number, count: number, message: string) =>
  z
    .union([z.array(z.string(), { error: message }), z.string()], { error: message })
    .nullish()
    .transform((v) => {
      // Each entry may itself be comma-separated (a form's single text field arrives as a one-item list).
      const list = (Array.isArray(v) ? v : typeof v === "string" ? [v] : []).flatMap((x) =>
        x.split(","),
      );
      const seen = new Set<string>();
      const out: string[] = [];
      for (const raw of list) {
        const c = raw.trim().replace(/\s+/g, " ");
        const key = c.toLowerCase();
        if (c && !seen.has(key)) {
          seen.add(key);
          out.push(c);
        }
      }
      return out;
    })
    .pipe(z.array(z.string().max(each, message)).max(count, message));

/** Categories from a list or a comma-separated string: trimmed, blanks dropped, duplicates removed. */
export const categoriesField = nameListField(CATEGORY_MAX, CATEGORIES_MAX, JOB_MSG.categories);

/** Required licences or certificates, e.g. "CAAP AMT licence", "A320 type rating". */
export const licencesField = nameListField(LICENCE_MAX, LICENCES_MAX, JOB_MSG.licences);

/** OJT hours: a whole number 0–5000; "" or null clear it (forms send text, /api a number). */
const ojtHoursField = z.preprocess(
  (v) => (v === "" || v === undefined ? null : typeof v === "string" ? Number(v.trim()) : v),
  z
    .number({ error: JOB_MSG.ojtHours })
    .int(JOB_MSG.ojtHours)
    .min(0, JOB_MSG.ojtHours)
    .max(OJT_HOURS_MAX, JOB_MSG.ojtHours)
    .nullable(),
);

/**
 * "How to apply": a web address or an e-mail address, read into the two columns (one of them set);
 * "" or null clear both.
 */
const howToApplyField = z.preprocess(
  (v) => (v === null ? "" : v),
  z
    .string({ error: JOB_MSG.howToApply })
    .max(APPLY_TO_MAX, JOB_MSG.howToApply)
    .transform((s, ctx) => {
      const r = parseHowToApply(s);
      if (!r) {
        ctx.addIssue({ code: "custom", message: JOB_MSG.howToApply });
        return z.NEVER;
      }
      return r;
    }),
);

/** The allowance amount: whole units, 1 to SALARY_AMOUNT_MAX; "" or null clear it. */
const salaryAmountField = z.preprocess(
  (v) =>
    v === "" || v === undefined
      ? null
      : typeof v === "string"
        ? Number(v.trim().replace(/,/g, ""))
        : v,
  z
    .number({ error: JOB_MSG.salaryAmount })
    .int(JOB_MSG.salaryAmount)
    .min(1, JOB_MSG.salaryAmount)
    .max(SALARY_AMOUNT_MAX, JOB_MSG.salaryAmount)
    .nullable(),
);

/** The currency: a three-letter code (PHP when left empty). */
const salaryCurrencyField = z.preprocess(
  (v) => (v === "" || v === undefined || v === null ? DEFAULT_SALARY_CURRENCY : v),
  z
    .string({ error: JOB_MSG.salaryCurrency })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, JOB_MSG.salaryCurrency),
);

/** Per month, day or hour, or "unpaid"; "" or null: not stated. */
const salaryPeriodField = z.preprocess(
  (v) => (v === "" || v === undefined ? null : v),
  z.enum(SALARY_PERIODS, { error: JOB_MSG.salaryPeriod }).nullable(),
);

/** Adds the allowance rule's issue (allowanceProblem) to a parsed amount and period. */
function checkAllowance(
  o: { salaryAmount?: number | null; salaryPeriod?: (typeof SALARY_PERIODS)[number] | null },
  ctx: z.RefinementCtx,
) {
  const p = allowanceProblem(o.salaryAmount ?? null, o.salaryPeriod ?? null);
  if (p) ctx.addIssue({ code: "custom", message: p.message, path: [p.field] });
}

/** A company reference as the spec allows it: an id, or an object with _id / id. */
export const companyRefField = z
  .union(
    [
      z.string({ error: JOB_MSG.companyRequired }),
      z.object({ _id: z.string().optional(), id: z.string().optional() }).passthrough(),
    ],
    { error: JOB_MSG.companyRequired },
  )
  .nullish()
  .transform((v) => (typeof v === "string" ? v.trim() : v ? (v._id ?? v.id ?? "").trim() : ""))
  // The message on the type too: conform turns an empty field into undefined before this check.
  .pipe(z.string({ error: JOB_MSG.companyRequired }).min(1, JOB_MSG.companyRequired));

const boolish = (message: string) =>
  z
    .union([z.boolean(), z.enum(["true", "false", "on", "off", "1", "0"])], { error: message })
    .transform((v) => (typeof v === "boolean" ? v : v === "true" || v === "on" || v === "1"));

const titleField = z
  .string({ error: JOB_MSG.titleRequired })
  .trim()
  .min(1, JOB_MSG.titleRequired)
  .max(TITLE_MAX, JOB_MSG.titleTooLong);

/** The fields of a job as the admin form and POST /api/jobs send them. */
const jobFields = {
  title: titleField,
  company: companyRefField,
  jobType: z.enum(JOB_TYPES, { error: JOB_MSG.jobType }),
  location: optionalJobText("Location", LOCATION_MAX),
  categories: categoriesField,
  shortDescription: optionalJobText("Short description", SHORT_MAX),
  description: optionalJobText("Description", DESCRIPTION_MAX),
  status: z.enum(JOB_STATUSES, { error: JOB_MSG.status }),
  isApproved: boolish(JOB_MSG.isApproved),
  applicationDeadline: deadlineField.optional(),
  licences: licencesField,
  ojtHours: ojtHoursField.optional(),
  shift: optionalJobText("Shift", SHIFT_MAX),
  medicalClass: optionalJobText("Medical class", MEDICAL_CLASS_MAX),
  howToApply: howToApplyField,
  salaryAmount: salaryAmountField,
  salaryCurrency: salaryCurrencyField,
  salaryPeriod: salaryPeriodField,
};

/** Accepts `companyId` as an alias of `company` (API clients send either). */
function withCompanyAlias(input: unknown): unknown {
  if (input && typeof input === "object" && !Array.isArray(input)) {
    const o = input as Record<string, unknown>;
    if (o.company === undefined && o.companyId !== undefined) return { ...o, company: o.companyId };
  }
  return input;
}

/**
 * The job form, admin's and employer's (create and edit): defaults — internship, active, pending
 * approval, currency PHP.
 */
export const jobFormSchema = z
  .object({
    ...jobFields,
    jobType: jobFields.jobType.default("internship"),
    status: jobFields.status.default("active"),
    isApproved: jobFields.isApproved.default(false),
    // A form sends every field: an emptied OJT hours input clears the value (the API's update keeps
    // a missing key as is — see jobUpdateSchema). The same for how to apply and the allowance.
    ojtHours: jobFields.ojtHours.transform((v) => v ?? null),
    howToApply: jobFields.howToApply
      .optional()
      .transform((v) => v ?? { applyUrl: null, applyEmail: null }),
  })
  .superRefine(checkAllowance);

/** Create (form or API): title and company required; `companyId` accepted for `company`. */
export const jobCreateSchema = z.preprocess(withCompanyAlias, jobFormSchema);
export type JobCreateInput = z.infer<typeof jobCreateSchema>;

/** Update: any subset (the approval toggle sends only isApproved, the status toggle only status). */
export const jobUpdateSchema = z.preprocess(
  withCompanyAlias,
  z
    .object({
      title: titleField.optional(),
      company: companyRefField.optional(),
      jobType: jobFields.jobType.optional(),
      location: jobFields.location.optional(),
      categories: jobFields.categories.optional(),
      shortDescription: jobFields.shortDescription.optional(),
      description: jobFields.description.optional(),
      status: jobFields.status.optional(),
      isApproved: jobFields.isApproved.optional(),
      applicationDeadline: jobFields.applicationDeadline,
      licences: jobFields.licences.optional(),
      ojtHours: jobFields.ojtHours,
      shift: jobFields.shift.optional(),
      medicalClass: jobFields.medicalClass.optional(),
      howToApply: jobFields.howToApply.optional(),
      // Send salaryAmount and salaryPeriod together: either one sent sets the pair (a missing
      // half is null), so the pair is always checked as a whole.
      salaryAmount: jobFields.salaryAmount.optional(),
      salaryCurrency: jobFields.salaryCurrency.optional(),
      salaryPeriod: jobFields.salaryPeriod.optional(),
    })
    .superRefine((o, ctx) => {
      if (o.salaryAmount !== undefined || o.salaryPeriod !== undefined) checkAllowance(o, ctx);
    })
    .transform(
      (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as typeof o,
    ),
);
export type JobUpdateInput = z.infer<typeof jobUpdateSchema>;
