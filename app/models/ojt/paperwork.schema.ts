/**
 * OJT paperwork, the isomorphic half: host agreements (MOA) and their state, the default
 * checklist of a programme, messages, and the zod schemas every door parses with.
 */
import { z } from "zod";
import { DOCUMENT_MAX_BYTES } from "~/lib/uploads";
import { daysBetween, isIsoDate } from "./ojt.schema";

/** An agreement expiring within this many days is "expiring" (and listed in the weekly digest). */
export const MOA_EXPIRING_DAYS = 60;
export { DOCUMENT_MAX_BYTES };
/** The longest side an image of a document is stored at (A4 at 300 dpi). */
export const DOCUMENT_IMAGE_MAX_SIDE = 3508;
/** What a document input offers the phone: PDFs and photos. */
export const DOCUMENT_ACCEPT = "application/pdf,image/jpeg,image/png";

export const MOA_STATES = ["valid", "expiring", "expired", "none"] as const;
export type MoaState = (typeof MOA_STATES)[number];

/** What a placement's checklist item is: nothing yet, or its newest record's state. */
export const CHECKLIST_STATES = ["missing", "uploaded", "received", "waived"] as const;
export type ChecklistState = (typeof CHECKLIST_STATES)[number];

/** The documents the internship rules ask of every student, used until an admin edits a programme's. */
export const DEFAULT_CHECKLIST: readonly { kind: string; label: string }[] = [
  { kind: "training_plan", label: "Training plan" },
  {
    kind: "internship_agreement",
    label: "Internship agreement (signed by student, host and college)",
  },
  { kind: "parental_consent", label: "Parental consent" },
  { kind: "medical_certificate", label: "Medical certificate" },
  { kind: "insurance", label: "Insurance" },
  { kind: "orientation", label: "Pre-deployment orientation attendance" },
];

export const PAPERWORK_MSG = {
  signedAt: "Enter the signing date as YYYY-MM-DD",
  validUntil: "Enter the valid-until date as YYYY-MM-DD",
  validBeforeSigned: "The valid-until date must not be before the signing date",
  signatories: "List at least one signatory with a name and position",
  signatoryName: "Enter the signatory's name",
  signatoryPosition: "Enter the signatory's position",
  companyNotFound: "Company not found",
  moaMissing:
    "This host company has no memorandum of agreement on record. Record the signed agreement first.",
  moaExpires: (validUntil: string, end: string) =>
    `The host company's agreement is valid only until ${validUntil}, before the placement's expected end date (${end}). Renew the agreement first.`,
  moaFileMissing: "There is no signed agreement file for this company",
  moaPdfOnly: "The signed agreement must be a PDF file.",
  checklistIncomplete: (labels: string[]) =>
    `The placement cannot be deployed until every required document is uploaded, received or waived. Missing: ${labels.join("; ")}.`,
  checklistItems: "List at least one document, each with a label",
  checklistLabel: "Each document needs a label of at most 200 characters",
  checklistDuplicate: (label: string) => `The document "${label}" is listed twice`,
  checklistTooMany: "At most 30 documents",
  kind: "Choose a document of this programme's checklist",
  fileMissing: "Please choose a file.",
  tooLarge: "The file is larger than 10 MB.",
  unsupported: "Only PDF files or JPEG and PNG photos are accepted.",
  encrypted: "The PDF is password-protected or encrypted. Upload an unprotected copy.",
  javascript: "The PDF contains JavaScript or automatic actions and was refused.",
  unreadablePdf: "The PDF could not be read. Please try another file.",
  unreadableImage: "The photo could not be read. Please try another file.",
  tooManyPixels: "The photo is too large (at most 8192×8192 pixels).",
  notOpen: "Documents can be changed only while the placement is planned or deployed",
  receivedOn: "Enter the date the paper copy was received as YYYY-MM-DD",
  receivedFuture: "The received date cannot be in the future",
  reason: "Give the reason for the waiver",
  documentNotFound: "Document not found",
} as const;

export interface MoaJson {
  signedAt: string | null;
  validUntil: string | null;
  notarized: boolean;
  state: MoaState;
  /** Days from today to the valid-until date (negative once expired); null without an agreement. */
  daysLeft: number | null;
  signatories: { name: string; position: string }[];
  /** True when the signed PDF is on file (GET /api/companies/{id}/moa/file). */
  hasFile: boolean;
}

export interface ChecklistItemJson {
  kind: string;
  label: string;
  state: ChecklistState;
}

export interface DocumentJson {
  id: string;
  kind: string;
  state: Exclude<ChecklistState, "missing">;
  fileName: string | null;
  contentType: string | null;
  size: number | null;
  receivedOn: string | null;
  reason: string | null;
  recordedBy: string | null;
  createdAt: string;
  /** The download address (uploads only). */
  url: string | null;
}

/** An agreement's state on a given day: valid, expiring within 60 days, expired, or none. */
export function moaStateOf(
  validUntil: string | null | undefined,
  today: string,
): { state: MoaState; daysLeft: number | null } {
  if (!validUntil) return { state: "none", daysLeft: null };
  const daysLeft = daysBetween(today, validUntil);
  const state: MoaState =
    daysLeft < 0 ? "expired" : daysLeft <= MOA_EXPIRING_DAYS ? "expiring" : "valid";
  return { state, daysLeft };
}

/** The words of the /admin/companies MOA column: valid / expires in N days / expired / none. */
export function moaLabel(m: { state: MoaState; daysLeft: number | null }): string {
  if (m.state === "none") return "none";
  if (m.state === "expired") return "expired";
  if (m.state === "expiring")
    return m.daysLeft === 0
      ? "expires today"
      : `expires in ${m.daysLeft} day${m.daysLeft === 1 ? "" : "s"}`;
  return "valid";
}

/** The last day an agreement must still be valid on for a placement ending `end`. */
export const moaCovers = (validUntil: string, end: string) => validUntil >= end;

/** The checklist kind of a label: lower-case words joined by underscores. */
export function kindOf(label: string): string {
  const k = label
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 60)
    .replace(/_+$/, "");
  return /^[a-z]/.test(k) ? k : `doc_${k}`.slice(0, 60);
}

const isoDate = (msg: string) => z.string({ error: msg }).trim().refine(isIsoDate, msg);

const text = (max: number, msg: string) =>
  z
    .string({ error: msg })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, msg).max(max, msg));

const boolish = z.preprocess(
  (v) => (v === "on" || v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : v),
  z.boolean({ error: "Notarized must be true or false" }),
);

/** PUT /api/companies/{id}/moa. */
export const agreementInputSchema = z
  .object({
    signedAt: isoDate(PAPERWORK_MSG.signedAt),
    validUntil: isoDate(PAPERWORK_MSG.validUntil),
    notarized: boolish.optional().default(false),
    signatories: z
      .array(
        z.object({
          name: text(200, PAPERWORK_MSG.signatoryName),
          position: text(200, PAPERWORK_MSG.signatoryPosition),
        }),
        { error: PAPERWORK_MSG.signatories },
      )
      .min(1, PAPERWORK_MSG.signatories)
      .max(20, PAPERWORK_MSG.signatories),
  })
  .refine((v) => v.validUntil >= v.signedAt, {
    message: PAPERWORK_MSG.validBeforeSigned,
    path: ["validUntil"],
  });
export type AgreementInput = z.infer<typeof agreementInputSchema>;

/** PUT /api/courses/{id}/ojt-checklist: `{items: [{kind?, label}]}` (or the bare array). */
export const checklistInputSchema = z.preprocess(
  (v) => (Array.isArray(v) ? { items: v } : v),
  z.object({
    items: z
      .array(
        z.preprocess(
          (i) => (typeof i === "string" ? { label: i } : i),
          z.object({
            kind: z
              .string()
              .trim()
              .regex(/^[a-z][a-z0-9_]{0,59}$/, "A kind is lower-case letters, digits and _")
              .optional(),
            label: text(200, PAPERWORK_MSG.checklistLabel),
          }),
        ),
        { error: PAPERWORK_MSG.checklistItems },
      )
      .min(1, PAPERWORK_MSG.checklistItems)
      .max(30, PAPERWORK_MSG.checklistTooMany),
  }),
);

/** The checklist as stored: every item with its kind, no kind or label twice. */
export function normalizeChecklist(items: { kind?: string; label: string }[]) {
  const out: { kind: string; label: string }[] = [];
  for (const i of items) {
    const kind = i.kind || kindOf(i.label);
    if (out.some((o) => o.kind === kind || o.label.toLowerCase() === i.label.toLowerCase()))
      return { error: PAPERWORK_MSG.checklistDuplicate(i.label) };
    out.push({ kind, label: i.label });
  }
  return { items: out };
}

export const receivedSchema = z.object({ receivedOn: isoDate(PAPERWORK_MSG.receivedOn) });
export const waiveSchema = z.object({ reason: text(1000, PAPERWORK_MSG.reason) });
