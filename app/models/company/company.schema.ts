/**
 * Isomorphic company rules and messages, shared by the admin form (conform), /api and
 * tests. Optional text fields arrive as "" from forms and are stored as null.
 */
import { isPlainEmail } from "../user/email";
import { z } from "zod";
import { isUuid } from "~/lib/ids";

export const COMPANY_MSG = {
  nameRequired: "Company name is required.",
  nameTooLong: "Company name must be at most 200 characters.",
  websiteInvalid: "Enter a valid website address, such as https://example.com",
  emailInvalid: "Please enter a valid email address",
  phoneInvalid: "Enter a valid phone number (digits, spaces, + - ( ) only).",
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  logoInvalid: "The logo must be an image uploaded to Runway.",
  nameLines: "Company name must be one line of text, without markup (< >).",
  locationLines: "Location must be one line of text, without markup (< >).",
  nameTaken: (existing: string) => `A company named “${existing}” already exists.`,
  // Notices of the admin screen, verbatim.
  saveFailed: "Failed to save company",
  uploadFailed: "Failed to upload logo",
  uploaded: "Logo uploaded",
  updated: "Company updated",
  added: "Company added",
  deleted: "Company deleted",
  notFound: "Company not found",
} as const;

/** Text limits of a company (server and form `maxLength` alike). */
export const COMPANY_LIMITS = {
  name: 200,
  location: 200,
  website: 500,
  email: 254,
  phone: 40,
  description: 5000,
} as const;

/** The stored file id of a logo URL (`/files/{id}`, relative or absolute), or null when it is not one. */
export function logoFileIdFromUrl(url: string): string | null {
  let path = url.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return null;
    }
  }
  const id = path.startsWith("/files/") ? path.slice("/files/".length) : null;
  return isUuid(id) ? id.toLowerCase() : null;
}

/** "" / whitespace / null → null; otherwise the trimmed string. */
const blankToNull = (v: unknown) => {
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (typeof v === "string") return v.trim() === "" ? null : v.trim();
  return v;
};

/** Line breaks (CR, LF, the Unicode line and paragraph separators, NEL) and markup brackets. */
const LINES_OR_MARKUP = /[\r\n\u0085\u2028\u2029<>]/;
/** Invisible characters: controls other than white space, zero-width and bidi formatting, soft hyphen, BOM. */
const INVISIBLE =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFEFF]/g;

/**
 * The one stored and compared form of a company's name or location: NFKC (full-width and
 * ligature letters become plain ones), invisible and control characters removed, every run of white
 * space (tabs and no-break spaces included) one space, trimmed. Line breaks are not white space
 * here: `oneLineProblem` refuses them before.
 */
export function normalizeCompanyText(s: string): string {
  return s.normalize("NFKC").replace(INVISIBLE, "").replace(/\s+/gu, " ").trim();
}

/** A line break or markup in a name or location (refused, not cleaned: it is never an accident). */
export const hasLinesOrMarkup = (s: string) => LINES_OR_MARKUP.test(s);

const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToNull,
    z.string().max(max, COMPANY_MSG.tooLong(label, max)).nullable().optional(),
  );

/** A website with or without a scheme; stored as an absolute http(s) URL (never javascript: etc.). */
export const websiteField = z.preprocess(
  blankToNull,
  z
    .string()
    .max(COMPANY_LIMITS.website, COMPANY_MSG.tooLong("Website", COMPANY_LIMITS.website))
    .transform((s, ctx) => {
      const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`;
      try {
        const u = new URL(withScheme);
        if (
          (u.protocol === "http:" || u.protocol === "https:") &&
          u.hostname.includes(".") &&
          !/\s/.test(s)
        )
          return u.toString();
      } catch {
        /* fall through */
      }
      ctx.addIssue({ code: "custom", message: COMPANY_MSG.websiteInvalid });
      return z.NEVER;
    })
    .nullable()
    .optional(),
);

const emailField = z.preprocess((v) => {
  const b = blankToNull(v);
  return typeof b === "string" ? b.toLowerCase() : b;
}, z.string().max(COMPANY_LIMITS.email, COMPANY_MSG.emailInvalid).refine(isPlainEmail, COMPANY_MSG.emailInvalid).nullable().optional());

const phoneField = z.preprocess(
  blankToNull,
  z
    .string()
    .max(COMPANY_LIMITS.phone, COMPANY_MSG.tooLong("Phone", COMPANY_LIMITS.phone))
    .regex(/^[0-9+\-() .]*[0-9][0-9+\-() .]*$/, COMPANY_MSG.phoneInvalid)
    .nullable()
    .optional(),
);

/** `logoUrl`: a Runway `/files/{id}` URL (as answered by POST /upload/logo), or empty/null to clear. */
const logoUrlField = z.preprocess(
  blankToNull,
  z
    .string()
    .refine((s) => logoFileIdFromUrl(s) !== null, COMPANY_MSG.logoInvalid)
    .nullable()
    .optional(),
);

/** Normalised before the checks (a preprocess, as conform expects of a form's string field). */
const normalizedLine = (v: unknown) =>
  typeof v === "string" && !hasLinesOrMarkup(v) ? normalizeCompanyText(v) : v;

const oneLineField = (o: { required: string; lines: string; max: number; tooLong: string }) =>
  z.preprocess(
    normalizedLine,
    z
      .string({ error: o.required })
      .refine((s) => !hasLinesOrMarkup(s), { error: o.lines, abort: true })
      .min(1, o.required)
      .max(o.max, o.tooLong),
  );

/**
 * A company name at every door (Add/Edit Company, /api, an employer's new company): one line
 * without markup, stored normalised (`normalizeCompanyText`). `required` is the door's own message.
 */
export const companyNameField = (required: string = COMPANY_MSG.nameRequired) =>
  oneLineField({
    required,
    lines: COMPANY_MSG.nameLines,
    max: COMPANY_LIMITS.name,
    tooLong: COMPANY_MSG.nameTooLong,
  });

/** A required location (an employer's new company), by the same rule as the name. */
export const companyLocationRequired = (required: string) =>
  oneLineField({
    required,
    lines: COMPANY_MSG.locationLines,
    max: COMPANY_LIMITS.location,
    tooLong: COMPANY_MSG.tooLong("Location", COMPANY_LIMITS.location),
  });

/** A location: one line without markup, normalised like a name; blank is null. */
export const companyLocationField = z.preprocess(
  normalizedLine,
  z
    .string()
    .refine((s) => !hasLinesOrMarkup(s), { error: COMPANY_MSG.locationLines, abort: true })
    .max(COMPANY_LIMITS.location, COMPANY_MSG.tooLong("Location", COMPANY_LIMITS.location))
    .transform((s) => (s === "" ? null : s))
    .nullable()
    .optional(),
);

const nameField = companyNameField();

const fields = {
  name: nameField,
  location: companyLocationField,
  website: websiteField,
  email: emailField,
  phone: phoneField,
  description: optionalText("Description", COMPANY_LIMITS.description),
  logoUrl: logoUrlField,
};

/** Create (POST /api/companies, Add Company): name required, the rest optional. */
export const companyInputSchema = z.object(fields);
export type CompanyInput = z.infer<typeof companyInputSchema>;

/** Update (PUT /api/companies/{id}, Edit): any subset; a given name must still be non-empty. */
export const companyPatchSchema = z.object(fields).partial();
export type CompanyPatch = z.infer<typeof companyPatchSchema>;

/** The public shape of a company on /api and in loaders (the spec's fields plus timestamps). */
export interface CompanyRecord {
  _id: string;
  id: string;
  name: string;
  location: string | null;
  website: string | null;
  email: string | null;
  phone: string | null;
  description: string | null;
  logoUrl: string | null;
  /** Blocked by an administrator (only admins ever see such a company). */
  isBlocked?: boolean;
  jobsCount?: number;
  /** The AeroJob `_id` (24 hex) of an imported company; null for companies made in Runway (ADR 115). */
  legacyId: string | null;
  createdAt: string;
  updatedAt: string;
}
