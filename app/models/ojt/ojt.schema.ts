/**
 * OJT placements and the hours log: the isomorphic half — limits, messages, the zod
 * schemas every door parses with (forms, /api, CLI), the JSON shapes, and the pure date and time
 * helpers (a week is Monday–Sunday; times are "HH:MM" of the college's clock).
 */
import { z } from "zod";
import {
  OJT_INVOLVEMENTS,
  OJT_REQUIRED_HOURS_MAX,
  PLACEMENT_STATUSES,
  type OjtInvolvement,
  type OjtWeekState,
  type PlacementStatus,
} from "#db/constants";
import { dayKey } from "~/lib/datetime";

/** At most this many minutes of work in one day (16 hours), all of the day's entries together. */
export const DAY_MAX_MINUTES = 16 * 60;
/** A sign-off link is valid this long after it is mailed. */
export const SIGNOFF_TTL_DAYS = 14;
/** A week waiting this many days for its supervisor is reminded (and counted "over 3 days"). */
export const SUPERVISOR_REMIND_AFTER_DAYS = 3;
/** At most one supervisor reminder per week and this many days. */
export const SUPERVISOR_REMIND_EVERY_DAYS = 7;
/** A deployed student with no entry for this many days is reminded once. */
export const STUDENT_REMIND_AFTER_DAYS = 7;
/** No entry for this many days puts a deployed placement at risk. */
export const AT_RISK_QUIET_DAYS = 10;
/** The projection averages the approved hours of this many full weeks before the current one. */
export const PROJECTION_WEEKS = 4;
export const TASKS_MAX = 2000;
export const REASON_MAX = 1000;
export const COMMENT_MAX = 2000;
export const PLACEMENT_PAGE_MAX = 100;

/** ATA 100 chapters a logbook entry may name (two digits, 05–99). */
export const ATA_CHAPTERS: Readonly<Record<string, string>> = {
  "05": "Time limits / maintenance checks",
  "06": "Dimensions and areas",
  "07": "Lifting and shoring",
  "08": "Levelling and weighing",
  "09": "Towing and taxiing",
  "10": "Parking, mooring, storage and return to service",
  "11": "Placards and markings",
  "12": "Servicing",
  "18": "Vibration and noise analysis",
  "20": "Standard practices — airframe",
  "21": "Air conditioning",
  "22": "Auto flight",
  "23": "Communications",
  "24": "Electrical power",
  "25": "Equipment / furnishings",
  "26": "Fire protection",
  "27": "Flight controls",
  "28": "Fuel",
  "29": "Hydraulic power",
  "30": "Ice and rain protection",
  "31": "Indicating / recording systems",
  "32": "Landing gear",
  "33": "Lights",
  "34": "Navigation",
  "35": "Oxygen",
  "36": "Pneumatic",
  "37": "Vacuum",
  "38": "Water / waste",
  "39": "Electrical / electronic panels and multipurpose components",
  "41": "Water ballast",
  "44": "Cabin systems",
  "45": "Central maintenance system",
  "46": "Information systems",
  "49": "Airborne auxiliary power",
  "51": "Standard practices and structures — general",
  "52": "Doors",
  "53": "Fuselage",
  "54": "Nacelles / pylons",
  "55": "Stabilizers",
  "56": "Windows",
  "57": "Wings",
  "60": "Standard practices — propeller / rotor",
  "61": "Propellers / propulsion",
  "62": "Rotor(s)",
  "63": "Rotor drive(s)",
  "64": "Tail rotor",
  "65": "Tail rotor drive",
  "66": "Folding blades / pylon",
  "67": "Rotors flight control",
  "70": "Standard practices — engine",
  "71": "Power plant",
  "72": "Engine — turbine / turboprop",
  "73": "Engine fuel and control",
  "74": "Ignition",
  "75": "Air",
  "76": "Engine controls",
  "77": "Engine indicating",
  "78": "Exhaust",
  "79": "Oil",
  "80": "Starting",
  "81": "Turbines",
  "82": "Water injection",
  "83": "Accessory gear boxes",
  "84": "Propulsion augmentation",
  "85": "Reciprocating engine",
  "91": "Charts",
};

export const OJT_MSG = {
  date: "Enter the date as YYYY-MM-DD",
  dateOutside: "The date must lie within the placement's period",
  dateFuture: "You cannot log hours for a future date",
  time: "Enter the time as HH:MM (24-hour)",
  timeOrder: "Time out must be after time in",
  breakTooLong: "The break must be shorter than the time between time in and time out",
  breakMinutes: "Break minutes must be a whole number from 0",
  dayMax: "At most 16 hours can be logged in one day",
  overlap: "This entry overlaps another entry of the same day",
  tasks: "Describe the tasks you did",
  tasksLong: `Tasks must be at most ${TASKS_MAX} characters`,
  ata: "The ATA chapter must be two digits from the ATA 100 list (05–99)",
  involvement: "Involvement must be performed, assisted or observed",
  notDeployed: "Hours can be logged only while the placement is deployed",
  locked: "This week is approved and locked; ask your coordinator to reopen it",
  waiting: "This week is waiting for your supervisor's sign-off",
  weekStart: "The week must start on a Monday (YYYY-MM-DD)",
  weekEmpty: "There are no entries to submit in this week",
  weekFuture: "This week has not started yet",
  weekNotSubmitted: "This week is not waiting for sign-off",
  weekNotDecided: "Only a submitted or approved week can be reopened",
  reason: "Give a reason",
  requiredHours: `Required hours must be a whole number from 1 to ${OJT_REQUIRED_HOURS_MAX}`,
  requiredHoursMissing: "The programme has no required OJT hours: enter the required hours",
  endBeforeStart: "The expected end date must not be before the start date",
  supervisorName: "Enter the supervisor's name",
  supervisorEmail: "Enter the supervisor's work e-mail address",
  supervisorSelf: "The supervisor's e-mail cannot be one of the student's own addresses",
  student: "Choose a student",
  notStudent: "Only a student can be placed",
  openPlacement: "This student already has a planned or deployed placement",
  company: "Choose a host company",
  transition: "This status change is not allowed",
  coordinator: "The coordinator must be a coordinator of the student's programme",
  outOfScope: "This student is not in one of your programmes",
  notFound: "Placement not found",
  entryNotFound: "Entry not found",
  tokenInvalid: "This sign-off link is not valid. It may have expired or been used already.",
  decision: "Choose approve or return",
  returnComment: "Tell the student what to correct",
} as const;

/** The refusals and questions of completing a placement. */
export const COMPLETION_MSG = {
  hiredByHost: "Say whether the host offered the student a job",
  hours: (approved: number, required: number) =>
    `The placement cannot be completed yet: ${approved} of the ${required} required hours are approved`,
  finalEvaluation:
    "The placement cannot be completed before the supervisor's final evaluation is in",
  notCompleted: "The certificate is issued when the placement is completed",
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: unknown): s is string {
  if (typeof s !== "string" || !ISO_DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Days added to a YYYY-MM-DD date (calendar arithmetic in UTC, no time zone involved). */
export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The Monday of the week holding the date. */
export function weekStartOf(iso: string): string {
  const dow = new Date(`${iso}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(iso, -((dow + 6) % 7));
}

/** True when the date is a Monday. */
export function isMonday(iso: string): boolean {
  return isIsoDate(iso) && weekStartOf(iso) === iso;
}

/** The calendar date now in a time zone (the college's clock decides what "today" is). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dayKey(now, timeZone);
}

const HM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "HH:MM" → minutes after midnight, or null. */
export function parseHm(s: unknown): number | null {
  if (typeof s !== "string") return null;
  const m = HM.exec(s.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Minutes after midnight → "HH:MM". */
export function formatHm(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** Minutes → hours with up to two decimals (what the JSON shows as hours). */
export function hoursOf(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}

const trimmed = (max: number, msg: string) =>
  z
    .string({ error: msg })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, msg).max(max, msg));

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || null : v === undefined ? null : v),
    z.string().max(max, `At most ${max} characters`).nullable(),
  );

const isoDate = (msg: string = OJT_MSG.date) =>
  z.string({ error: msg }).trim().refine(isIsoDate, msg);

const uuidText = (msg: string) => z.string({ error: msg }).trim().min(1, msg);

const emailField = z
  .string({ error: OJT_MSG.supervisorEmail })
  .trim()
  .toLowerCase()
  .pipe(z.email(OJT_MSG.supervisorEmail).max(254, OJT_MSG.supervisorEmail));

const hoursField = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v === "" ? undefined : v),
  z
    .number({ error: OJT_MSG.requiredHours })
    .int(OJT_MSG.requiredHours)
    .min(1, OJT_MSG.requiredHours)
    .max(OJT_REQUIRED_HOURS_MAX, OJT_MSG.requiredHours),
);

export const supervisorSchema = z.object({
  name: trimmed(200, OJT_MSG.supervisorName),
  position: optionalText(200),
  email: emailField,
  phone: optionalText(40),
});

/** POST /api/placements (and the coordinator's form). */
export const placementInputSchema = z
  .object({
    studentId: uuidText(OJT_MSG.student),
    companyId: uuidText(OJT_MSG.company),
    supervisor: supervisorSchema,
    startDate: isoDate(),
    expectedEndDate: isoDate(),
    requiredHours: hoursField.nullish(),
    jobId: z.string().trim().nullish(),
    coordinatorId: z.string().trim().nullish(),
  })
  .refine((v) => v.expectedEndDate >= v.startDate, {
    message: OJT_MSG.endBeforeStart,
    path: ["expectedEndDate"],
  });
export type PlacementInput = z.infer<typeof placementInputSchema>;

/** PUT /api/placements/{id}: the same fields, each optional (the student cannot change). */
export const placementPatchSchema = z.object({
  companyId: uuidText(OJT_MSG.company).optional(),
  supervisor: supervisorSchema.partial().optional(),
  startDate: isoDate().optional(),
  expectedEndDate: isoDate().optional(),
  requiredHours: hoursField.optional(),
  jobId: z.string().trim().nullish(),
  coordinatorId: z.string().trim().nullish(),
});
export type PlacementPatch = z.infer<typeof placementPatchSchema>;

/** "Did the host offer the student a job?": a JSON boolean, or a form's "true"/"false". */
const hiredByHostField = z.preprocess(
  (v) => (v === "true" ? true : v === "false" ? false : v === "" ? undefined : v),
  z.boolean({ error: COMPLETION_MSG.hiredByHost }).nullish(),
);

/** The model asks for `hiredByHost` when the move is to completed (after the move's own checks). */
export const statusChangeSchema = z.object({
  status: z.enum(PLACEMENT_STATUSES, { error: OJT_MSG.transition }),
  reason: optionalText(REASON_MAX),
  hiredByHost: hiredByHostField,
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** The moves a placement may make; every other one is refused. */
export const STATUS_MOVES: Readonly<Record<PlacementStatus, readonly PlacementStatus[]>> = {
  planned: ["deployed", "withdrawn"],
  deployed: ["completed", "withdrawn", "terminated"],
  completed: [],
  withdrawn: [],
  terminated: [],
};

const ataField = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() || null : v === undefined ? null : v),
  z
    .string({ error: OJT_MSG.ata })
    .refine((s) => Object.hasOwn(ATA_CHAPTERS, s), OJT_MSG.ata)
    .nullable(),
);

const involvementField = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() || null : v === undefined ? null : v),
  z.enum(OJT_INVOLVEMENTS, { error: OJT_MSG.involvement }).nullable(),
);

const hmField = z
  .string({ error: OJT_MSG.time })
  .refine((s) => parseHm(s) !== null, OJT_MSG.time)
  .transform((s) => parseHm(s)!);

const breakField = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? 0 : typeof v === "string" ? Number(v) : v),
  z
    .number({ error: OJT_MSG.breakMinutes })
    .int(OJT_MSG.breakMinutes)
    .min(0, OJT_MSG.breakMinutes)
    .max(1439, OJT_MSG.breakMinutes),
);

/** POST/PUT of an hours entry. Times arrive as "HH:MM" and leave as minutes after midnight. */
export const entryInputSchema = z
  .object({
    date: isoDate(),
    timeIn: hmField,
    timeOut: hmField,
    breakMinutes: breakField,
    tasks: z
      .string({ error: OJT_MSG.tasks })
      .transform((s) => s.trim())
      .pipe(z.string().min(1, OJT_MSG.tasks).max(TASKS_MAX, OJT_MSG.tasksLong)),
    aircraftType: optionalText(80),
    registration: optionalText(20),
    ataChapter: ataField,
    involvement: involvementField,
  })
  .superRefine((v, c) => {
    if (v.timeOut <= v.timeIn) {
      c.addIssue({ code: "custom", message: OJT_MSG.timeOrder, path: ["timeOut"] });
    } else if (v.breakMinutes >= v.timeOut - v.timeIn) {
      c.addIssue({ code: "custom", message: OJT_MSG.breakTooLong, path: ["breakMinutes"] });
    } else if (v.timeOut - v.timeIn - v.breakMinutes > DAY_MAX_MINUTES) {
      c.addIssue({ code: "custom", message: OJT_MSG.dayMax, path: ["timeOut"] });
    }
  });
export type EntryInput = z.infer<typeof entryInputSchema>;

export const reopenSchema = z.object({ reason: trimmed(REASON_MAX, OJT_MSG.reason) });

/** The supervisor's form at /supervise/{token}. */
export const decisionSchema = z
  .object({
    decision: z.enum(["approve", "return"], { error: OJT_MSG.decision }),
    comment: optionalText(COMMENT_MAX),
  })
  .superRefine((v, c) => {
    if (v.decision === "return" && !v.comment) {
      c.addIssue({ code: "custom", message: OJT_MSG.returnComment, path: ["comment"] });
    }
  });
export type Decision = z.infer<typeof decisionSchema>;

/** GET /api/placements filters. */
export interface PlacementListQuery {
  course?: string | null;
  status?: PlacementStatus | null;
  company?: string | null;
  atRisk?: boolean;
  /** Only placements with at least one week waiting for the supervisor. */
  weeksPending?: boolean;
  /** Free text on the student's name or e-mail. */
  q?: string | null;
  page?: number;
  limit?: number;
}

/** The list filters from a query string (unknown values are ignored, never an error). */
export function placementListQuery(params: URLSearchParams): PlacementListQuery {
  const status = z.enum(PLACEMENT_STATUSES).safeParse(params.get("status"));
  const int = (k: string, d: number, max: number) => {
    const n = Number(params.get(k));
    return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : d;
  };
  const flag = (k: string) => ["true", "1", "yes"].includes((params.get(k) ?? "").toLowerCase());
  return {
    course: params.get("course")?.trim() || null,
    status: status.success ? status.data : null,
    company: params.get("company")?.trim() || null,
    atRisk: flag("atRisk"),
    weeksPending: flag("weeksPending"),
    q: params.get("q")?.trim() || null,
    page: int("page", 1, 100_000),
    limit: int("limit", 20, PLACEMENT_PAGE_MAX),
  };
}

export interface WeekJson {
  weekStart: string;
  state: OjtWeekState;
  hours: number;
  submittedAt: string | null;
  decidedAt: string | null;
  decidedBy: string | null;
  comment: string | null;
}

export interface PlacementJson {
  id: string;
  student: { id: string; name: string; email: string; course: string | null };
  company: { id: string; name: string };
  supervisor: { name: string; position: string | null; email: string; phone: string | null };
  coordinatorId: string | null;
  jobId: string | null;
  status: PlacementStatus;
  statusReason: string | null;
  startDate: string;
  expectedEndDate: string;
  requiredHours: number;
  approvedHours: number;
  pendingHours: number;
  loggedHours: number;
  lastEntryDate: string | null;
  projectedFinish: string | null;
  atRisk: boolean;
  weeks: WeekJson[];
  /** Recorded at completion: did the host offer the student a job? (null before.) */
  hiredByHost: boolean | null;
  /** The completion certificate's verification code (null until completed). */
  certificateCode: string | null;
  /** The programme's required documents and where each stands (ADR 116). */
  checklist: {
    kind: string;
    label: string;
    state: "missing" | "uploaded" | "received" | "waived";
  }[];
  /** The supervisor's submitted evaluations (stage, when, average of the ratings). */
  evaluations: { stage: "midterm" | "final"; submittedAt: string; average: number }[];
}

export interface EntryJson {
  id: string;
  date: string;
  timeIn: string;
  timeOut: string;
  breakMinutes: number;
  minutes: number;
  tasks: string;
  aircraftType: string | null;
  registration: string | null;
  ataChapter: string | null;
  involvement: OjtInvolvement | null;
  locked: boolean;
}

/** Progress of a placement from its maintained totals (pure: the same rule for lists and one). */
export function progressOf(p: {
  status: PlacementStatus;
  startDate: string;
  expectedEndDate: string;
  requiredMinutes: number;
  approvedMinutes: number;
  /** Approved minutes of the PROJECTION_WEEKS full weeks before the current one. */
  recentApprovedMinutes: number;
  lastEntryDate: string | null;
  today: string;
}): { projectedFinish: string | null; atRisk: boolean } {
  const remaining = p.requiredMinutes - p.approvedMinutes;
  let projectedFinish: string | null = null;
  if (remaining <= 0) projectedFinish = p.lastEntryDate ?? p.today;
  else if (p.recentApprovedMinutes > 0) {
    // remaining ÷ (recent ÷ weeks) weeks, in days; one integer division so SQL agrees exactly.
    const days = Math.ceil((remaining * PROJECTION_WEEKS * 7) / p.recentApprovedMinutes);
    projectedFinish = addDays(p.today, days);
  }
  if (p.status !== "deployed") return { projectedFinish, atRisk: false };
  const late = remaining > 0 && projectedFinish !== null && projectedFinish > p.expectedEndDate;
  const quietSince = p.lastEntryDate ?? p.startDate;
  const quiet = remaining > 0 && daysBetween(quietSince, p.today) >= AT_RISK_QUIET_DAYS;
  return { projectedFinish, atRisk: late || quiet };
}
