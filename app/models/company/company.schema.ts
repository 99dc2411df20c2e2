/**
 * Isomorphic company rules and messages, shared by the admin form (conform), /api and
 * tests. Optional text fields arrive as "" from forms and are stored as null.
 */
import { isPlainEmail } from "../user/email";
import { z } from "zod";

export const COMPANY_MSG = {
  nameRequired: "Company name is required.",
  nameTooLong: "Company name must be at most 200 characters.",
  websiteInvalid: "Enter a valid website address, such as https://example.com",
  emailInvalid: "Please enter a valid email address",
  phoneInvalid: "Enter a valid phone number (digits, spaces, + - ( ) only).",
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  logoInvalid: "The logo must be an image uploaded to Runway.",
  // Notices of the admin screen, verbatim.
  loadFailed: "Failed to load companies",
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

const FILE_PATH = /^\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

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
  const m = path.match(FILE_PATH);
  return m ? m[1].toLowerCase() : null;
}

/** "" / whitespace / null → null; otherwise the trimmed string. */
const blankToNull = (v: unknown) => {
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (typeof v === "string") return v.trim() === "" ? null : v.trim();
  return v;
};

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

const nameField = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z
    .string({ error: COMPANY_MSG.nameRequired })
    .min(1, COMPANY_MSG.nameRequired)
    .max(COMPANY_LIMITS.name, COMPANY_MSG.nameTooLong),
);

const fields = {
  name: nameField,
  location: optionalText("Location", COMPANY_LIMITS.location),
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
  /** Issue 18: blocked by an administrator (only admins ever see such a company). */
  isBlocked?: boolean;
  jobsCount?: number;
  /** The AeroJob `_id` (24 hex) of an imported company; null for companies made in Runway (ADR 115). */
  legacyId: string | null;
  createdAt: string;
  updatedAt: string;
}
