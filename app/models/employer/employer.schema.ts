/**
 * Employer accounts: the sign-up payload as POST /api/employers/register and the
 * /employers screen take it (one schema; the screen only adds the password confirmation), and the
 * colleague invitation. Isomorphic: no server imports.
 */
import { z } from "zod";
import { isUuid } from "~/lib/ids";
import { companyLocationRequired, companyNameField, websiteField } from "../company/company.schema";
import {
  emailField,
  isCleanName,
  MSG,
  newPasswordFieldOf,
  REGISTER_MSG,
} from "../user/user.schema";

export const EMPLOYER_MSG = {
  collegeAddress: "Use your work e-mail address, not a college address",
  companyRequired: "Choose your company, or choose “New company” and enter its details",
  companyUnknown: "Choose a company from the list",
  companyNameRequired: "Company name is required",
  websiteRequired: "Company website is required for a new company",
  locationRequired: "Company location is required for a new company",
  companyTaken: (name: string) =>
    `A company named “${name}” is already on Runway: choose it from the list instead.`,
  terms: REGISTER_MSG.terms,
  inviteInvalid:
    "This invitation link is invalid or has expired. Ask your colleague for a new one.",
  inviteEmail: "Register with the address the invitation was sent to",
  inviteDomain: (domain: string) => `Invite a colleague with an @${domain} address`,
  inviteFreeMail: "Colleagues are invited at their work address, not a free e-mail address",
  inviteOwnFreeMail: (domain: string) =>
    `Invitations go to addresses on your own e-mail domain, and yours (@${domain}) is a free ` +
    "e-mail service, so Runway cannot invite from it. Your colleagues can sign up at /employers " +
    "with their work address and ask to join your company.",
  inviteTaken: "An account with this email already exists",
  inviteLimit: (n: number) =>
    `Your company already has ${n} pending invitations. Wait until some are accepted or expire.`,
  invited: (email: string) => `Invitation sent to ${email}`,
  blocked: "This employer account has been blocked. Contact the career office.",
  companyBlocked: "This company has been blocked. Contact the career office.",
  verified: "Employer verified",
  blockedDone: "Employer blocked",
  unblockedDone: "Employer unblocked",
  companyBlockedDone: "Company blocked",
  companyUnblockedDone: "Company unblocked",
  notFound: "Employer not found",
} as const;

/** Pending invitations a company may have at once. */
export const MAX_PENDING_INVITATIONS = 20;
/** Days an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/** A person's name: required, and the one name rule of every door (`isCleanName`). */
const personName = (msg: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ error: msg })
      .min(1, msg)
      .max(100, REGISTER_MSG.nameTooLong)
      .refine(isCleanName, MSG.nameInvalid),
  );

/** A work address: a plain e-mail address outside the college's own domain (and its subdomains). */
export const workEmailField = (collegeDomain: string) =>
  emailField.refine(
    (e) => {
      const d = e.slice(e.lastIndexOf("@") + 1);
      const c = collegeDomain.toLowerCase();
      return d !== c && !d.endsWith(`.${c}`);
    },
    { error: EMPLOYER_MSG.collegeAddress },
  );

/** A new company as an employer adds it: name, website (the trust signal needs it) and location. */
export const newCompanySchema = z.object({
  name: companyNameField(EMPLOYER_MSG.companyNameRequired),
  website: websiteField.pipe(z.string({ error: EMPLOYER_MSG.websiteRequired })),
  location: companyLocationRequired(EMPLOYER_MSG.locationRequired),
});

const isObject = (p: z.core.ParsePayload) => typeof p.value === "object" && p.value !== null;

function registerObject(collegeDomain: string, opts: { passwordMin?: number }) {
  return z.object({
    firstName: personName(MSG.firstNameRequired),
    lastName: personName(MSG.lastNameRequired),
    email: workEmailField(collegeDomain),
    password: newPasswordFieldOf(opts.passwordMin),
    acceptTerms: z.preprocess(
      (v) => v === "on" || v === "true" || v === true,
      z.literal(true, { error: EMPLOYER_MSG.terms }),
    ),
    companyId: z.preprocess(
      (v) => (typeof v === "string" && (v.trim() === "" || v === "new") ? undefined : v),
      z
        .string({ error: EMPLOYER_MSG.companyUnknown })
        .refine(isUuid, EMPLOYER_MSG.companyUnknown)
        .transform((s) => s.toLowerCase())
        .optional(),
    ),
    company: z.unknown().optional(),
    invite: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z
        .string({ error: EMPLOYER_MSG.inviteInvalid })
        .max(200, EMPLOYER_MSG.inviteInvalid)
        .optional(),
    ),
  });
}

type RawChoice = { companyId?: unknown; company?: unknown; invite?: unknown };
const choosesNew = (v: RawChoice) =>
  !(typeof v.companyId === "string" && v.companyId !== "" && v.companyId !== "new") && !v.invite;

/** The company rule, run even while other fields fail so every message shows in one pass. */
function refineCompany(v: RawChoice, ctx: z.core.$RefinementCtx<RawChoice>) {
  if (!choosesNew(v)) return;
  if (v.company === undefined || v.company === null) {
    ctx.addIssue({ code: "custom", path: ["companyId"], message: EMPLOYER_MSG.companyRequired });
    return;
  }
  const c = newCompanySchema.safeParse(v.company);
  if (!c.success)
    for (const i of c.error.issues)
      ctx.addIssue({
        code: "custom",
        path: ["company", ...i.path.map(String)],
        message: i.message,
      });
}

function finish<T extends RawChoice & { companyId?: string }>(v: T) {
  const { company, ...rest } = v;
  // With an invitation the company comes from it; an id wins over new-company fields.
  return {
    ...rest,
    company: choosesNew(v) ? newCompanySchema.parse(company) : null,
  };
}

/**
 * POST /api/employers/register: `companyId` (an existing company) or `company` (a new one). The
 * screen's chooser sends `companyId=new` with the new company's fields; an id wins over `company`
 * (the no-JavaScript form always sends both). `invite` is the token of a colleague's invitation.
 */
export function employerRegisterSchema(collegeDomain: string, opts: { passwordMin?: number } = {}) {
  return registerObject(collegeDomain, opts)
    .superRefine(refineCompany, { when: isObject })
    .transform(finish);
}
export type EmployerRegisterInput = z.infer<ReturnType<typeof employerRegisterSchema>>;

/** The /employers form: the same payload plus the password confirmation. */
export function employerFormSchema(collegeDomain: string, opts: { passwordMin?: number } = {}) {
  return registerObject(collegeDomain, opts)
    .extend({
      confirmPassword: z
        .string({ error: REGISTER_MSG.confirmPassword })
        .min(1, REGISTER_MSG.confirmPassword),
    })
    .superRefine(refineCompany, { when: isObject })
    .superRefine(
      (v, ctx) => {
        const x = v as { password?: unknown; confirmPassword?: unknown };
        if (
          typeof x.password === "string" &&
          typeof x.confirmPassword === "string" &&
          x.confirmPassword &&
          x.password !== x.confirmPassword
        )
          ctx.addIssue({
            code: "custom",
            path: ["confirmPassword"],
            message: REGISTER_MSG.passwordsDiffer,
          });
      },
      { when: isObject },
    )
    .transform(({ confirmPassword: _c, ...v }) => finish(v));
}

/** POST /api/employers/invitations and the Team screen's form. */
export const invitationSchema = z.object({ email: emailField });
