/**
 * Enum-like values shared by the database (check constraints), zod schemas, screens, the CLI and
 * the widget. Isomorphic: no Node APIs here.
 */

export const ROLES = ["student", "alumni", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const SELF_REGISTER_ROLES = ["student", "alumni"] as const;

export const JOB_TYPES = ["internship", "ojt", "part-time", "full-time", "contract"] as const;
export type JobType = (typeof JOB_TYPES)[number];
export const JOB_TYPE_LABELS: Record<JobType, string> = {
  internship: "Internship",
  ojt: "OJT",
  "part-time": "Part-time",
  "full-time": "Full-time",
  contract: "Contract",
};

export const JOB_STATUSES = ["active", "inactive", "closed", "draft"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

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
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  short_text: "Short Text",
  long_text: "Long Text",
  multiple_choice: "Multiple Choice",
  checkbox: "Checkboxes",
  rating: "Rating",
};
export const DEFAULT_RATING_SCALE = 5;

/** Year levels of the profile; the register and create-user forms offer only the last two. */
export const YEAR_LEVELS = ["1st Year", "2nd Year", "3rd Year", "4th Year", "Graduate"] as const;
export type YearLevel = (typeof YEAR_LEVELS)[number];
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

export const CODE_PURPOSES = ["verify_email"] as const;
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
export const MAIL_STATUSES = ["pending", "sent", "failed"] as const;
export const JOB_INTERACTIONS = ["view", "apply"] as const;

/** Business constants. */
export const OTP_LENGTH = 6;
export const RESEND_COOLDOWN_SECONDS = 60;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MINUTES = 30;
export const INVITE_TOKEN_TTL_DAYS = 7;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const NAME_MIN = 2;
export const SEARCH_DEBOUNCE_MS = 350;
export const SEARCH_ANALYTICS_MIN = 2;
export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const DESCRIPTION_PREVIEW = 120;
export const TOP_COURSES_MAX = 15;
export const NEW_USERS_DAYS = 30;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_MAX_PIXELS_SIDE = 4096;

/** Admin theme ids; the fourth is the college short name, supplied at run time. */
export const BASE_THEMES = [
  { id: "default", label: "Default Blue" },
  { id: "emerald", label: "Emerald" },
  { id: "rose", label: "Rose" },
] as const;
export const ADMIN_THEME_STORAGE_KEY = "admin_theme";
