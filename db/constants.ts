/**
 * The values the database stores and checks (check constraints and enum columns), shared by the
 * schemas, screens, the CLI and the widget, plus the college's programme list the seed inserts.
 * Isomorphic: no Node APIs here. How a value is shown, and the domains' limits, live with their
 * screens and models (app/lib/format.ts, app/models/auth/limits.ts, …).
 */

/**
 * `coordinator`: staff scoped to one or more programmes — the OJT placements of students
 * in those programmes, nothing else of the admin area (docs/decisions/114).
 */
export const ROLES = ["student", "alumni", "admin", "employer", "coordinator"] as const;
export type Role = (typeof ROLES)[number];
export const SELF_REGISTER_ROLES = ["student", "alumni"] as const;
/** The roles an administrator creates on Create User and /api/admin/users (employers sign up at /employers). */
export const STAFF_CREATE_ROLES = ["student", "alumni", "admin", "coordinator"] as const;
/** Students and alumni: the college's own people (surveys, alerts, saved jobs, the dashboard). */
export const MEMBER_ROLES = ["student", "alumni"] as const;

export { JOB_TYPES, type JobType } from "./board-values";

export const JOB_STATUSES = ["active", "inactive", "closed", "draft"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Why a job is hidden from every public door whatever its approval: reports from 3
 * different users, or its company blocked. Null: not hidden.
 */
export const JOB_HIDDEN_REASONS = ["reports", "blocked"] as const;
export type JobHiddenReason = (typeof JOB_HIDDEN_REASONS)[number];
/** 'Report this posting' reasons, as /api takes them. */
export const REPORT_REASONS = ["scam", "misleading", "discriminatory", "expired", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** How an admin closed a report: the job was removed/kept hidden, or the report was dismissed. */
export const REPORT_RESOLUTIONS = ["upheld", "dismissed"] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];
/** A request to join an existing company as its employer: waiting, or how it ended. */
export const JOIN_REQUEST_STATUSES = ["pending", "approved", "declined", "expired"] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];
/** Aviation fields of a job: at most this many licences, each at most this long. */
export const LICENCES_MAX = 20;
export { LICENCE_MAX } from "./board-values";
export const OJT_HOURS_MAX = 5000;

/** How a job's allowance or salary is counted; "unpaid" says there is none (no amount). */
export const SALARY_PERIODS = ["month", "day", "hour", "unpaid"] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];
/** The largest allowance or salary amount a job may state (whole currency units). */
export const SALARY_AMOUNT_MAX = 10_000_000;
/** The currency of an allowance when none is given. */
export const DEFAULT_SALARY_CURRENCY = "PHP";
/** The longest apply link or apply e-mail address a job may give. */
export const APPLY_TO_MAX = 500;
export const SHIFT_MAX = 100;
export const MEDICAL_CLASS_MAX = 60;

export const SURVEY_AUDIENCES = ["all", "students", "alumni"] as const;
export type SurveyAudience = (typeof SURVEY_AUDIENCES)[number];
export const SURVEY_STATUSES = ["draft", "active"] as const;
export type SurveyStatus = (typeof SURVEY_STATUSES)[number];

/** Canonical question types as stored: type aliases are mapped onto these when reading. */
export const QUESTION_TYPES = [
  "short_text",
  "long_text",
  "multiple_choice",
  "checkbox",
  "rating",
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Year levels of the profile; the register and create-user forms offer only the last two. */
export const YEAR_LEVELS = ["1st Year", "2nd Year", "3rd Year", "4th Year", "Graduate"] as const;
export const REGISTER_YEAR_LEVELS = ["4th Year", "Graduate"] as const;

export const INSTITUTES = [
  { id: "engineering", name: "Engineering and Technology" },
  { id: "liberal_arts", name: "Liberal Arts and Sciences" },
  { id: "computer_studies", name: "Computer Studies" },
  { id: "graduate", name: "Graduate Studies" },
] as const;
export type InstituteId = (typeof INSTITUTES)[number]["id"];

/** The 14 programmes, in the order the register form lists them. */
export const COURSES: ReadonlyArray<{ code: string; name: string; institute: InstituteId }> = [
  { code: "BSAE", name: "BS in Aeronautical Engineering", institute: "engineering" },
  {
    code: "BSAT-AF",
    name: "BS in Air Transportation Major in Advance Flying",
    institute: "engineering",
  },
  { code: "BSAMT", name: "BS in Aircraft Maintenance Technology", institute: "engineering" },
  { code: "BSAET", name: "BS in Aviation Electronics Technology", institute: "engineering" },
  { code: "AAMT", name: "Associate in Aircraft Maintenance Technology", institute: "engineering" },
  { code: "AAET", name: "Associate in Aviation Electronics Technology", institute: "engineering" },
  {
    code: "BSAC-FO",
    name: "BS in Aviation Communication Major in Flight Operations",
    institute: "liberal_arts",
  },
  {
    code: "BSATM-TM",
    name: "BS in Aviation Tourism Major in Travel Management",
    institute: "liberal_arts",
  },
  {
    code: "BSSM-AL",
    name: "BS in Supply Management with Specialization in Aviation Logistics",
    institute: "liberal_arts",
  },
  {
    code: "BSASSM",
    name: "BS in Aviation Safety and Security Management",
    institute: "liberal_arts",
  },
  {
    code: "BSIT-AIT",
    name: "BS in Information Technology with Specialization in Aviation Information Technology",
    institute: "computer_studies",
  },
  {
    code: "BSIS-AIS",
    name: "BS in Information System with Specialization in Aviation Information System",
    institute: "computer_studies",
  },
  {
    code: "MEd-AM",
    name: "Master of Education in Aeronautical Management",
    institute: "graduate",
  },
  {
    code: "MPA-GAA",
    name: "Master in Public Administration Major in Government and Airport Administration",
    institute: "graduate",
  },
];

export const CODE_PURPOSES = ["verify_email", "verify_personal_email"] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
export const TOKEN_PURPOSES = ["password_reset", "invite"] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];
export const SESSION_KINDS = ["web", "api"] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];
/** Why a web session was ended but kept until it expires, so its holder can be told. */
export const SESSION_END_REASONS = ["deactivated"] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];
export const FILE_KINDS = ["logo", "avatar"] as const;
export type FileKind = (typeof FILE_KINDS)[number];
/** Tracer studies: an invitation batch is a first invitation or a reminder. */
export const INVITE_KINDS = ["invitation", "reminder"] as const;
export type InviteKind = (typeof INVITE_KINDS)[number];
/** Who started an invitation batch: an admin's screen or API call, the CLI, or the schedule. */
export const INVITE_TRIGGERS = ["admin", "cli", "schedule"] as const;
export type InviteTrigger = (typeof INVITE_TRIGGERS)[number];
/** Graduation years a user or a survey's cohort may name. */
export const GRADUATION_YEAR_MIN = 1950;
export const GRADUATION_YEAR_MAX = 2100;

/** `expired`: older than MAIL_MAX_AGE when its turn came (a restored backup): never sent. */
export const MAIL_STATUSES = ["pending", "sent", "failed", "expired"] as const;
export const JOB_INTERACTIONS = ["view", "apply"] as const;

/** How often a saved search (job alert) is mailed; 'off' pauses it. */
export const ALERT_FREQUENCIES = ["daily", "weekly", "off"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** OJT placements: planned → deployed → completed, or withdrawn / terminated (with a reason). */
export const PLACEMENT_STATUSES = [
  "planned",
  "deployed",
  "completed",
  "withdrawn",
  "terminated",
] as const;
export type PlacementStatus = (typeof PLACEMENT_STATUSES)[number];
/** The statuses that count as a student's one current placement (a partial unique index). */
export const PLACEMENT_OPEN_STATUSES = ["planned", "deployed"] as const;
/** A week of the hours log (Monday–Sunday) as its sign-off sees it. */
export const OJT_WEEK_STATES = ["open", "submitted", "approved", "returned"] as const;
export type OjtWeekState = (typeof OJT_WEEK_STATES)[number];
/** The logbook's involvement in a task. */
export const OJT_INVOLVEMENTS = ["performed", "assisted", "observed"] as const;
export type OjtInvolvement = (typeof OJT_INVOLVEMENTS)[number];
/** The host supervisor's performance evaluations of a placement: at the midpoint and at the end. */
export const OJT_EVALUATION_STAGES = ["midterm", "final"] as const;
export type OjtEvaluationStage = (typeof OJT_EVALUATION_STAGES)[number];
/** "Would you hire this intern?" */
export const OJT_WOULD_HIRE = ["yes", "maybe", "no"] as const;
export type OjtWouldHire = (typeof OJT_WOULD_HIRE)[number];
/** Required OJT hours of a programme or a placement: 1 … this. */
export const OJT_REQUIRED_HOURS_MAX = 5000;
