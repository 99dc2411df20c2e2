/** docs/security.md, "One plain e-mail address": every schema an address enters through takes one plain address only. */
import { describe, expect, it } from "vitest";
import { companyInputSchema } from "../company/company.schema";
import { adminUserPatchSchema } from "./admin.schema";
import {
  forgotPasswordSchema,
  loginSchema,
  MSG,
  registerSchema,
  resendOtpSchema,
  resetPasswordSchema,
  userRecordSchema,
  verifyOtpSchema,
} from "./user.schema";

const D = "example.edu";
const crafted = [
  '"x@example.edu" <someone@elsewhere.test>',
  "someone@elsewhere.test <x@example.edu>",
  "<x@example.edu>",
  "someone@elsewhere.test,x@example.edu",
  "someone@elsewhere.test;x@example.edu",
  "x@example.edu,someone@elsewhere.test",
  '"someone@elsewhere.test"@example.edu',
  "x y@example.edu",
  "x@example.edu\nbcc:someone@elsewhere.test",
  "x\u0000@example.edu",
  "x\u007f@example.edu",
  "x@example.edu (someone@elsewhere.test)",
  "x%someone@elsewhere.test@example.edu",
  "x@example.edu@example.edu",
];
const first = (
  r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  key = "email",
) => r.error?.issues.find((i) => i.path[0] === key)?.message;

/** A student's sign-up with this e-mail, through the register form's schema. */
const registerWith = (email: string) =>
  registerSchema(D).safeParse({
    userType: "student",
    firstName: "A",
    lastName: "B",
    email,
    password: "secret-pass-mango",
  });

describe("one plain address at every door", () => {
  it.each(crafted)("register refuses %j", (email) => {
    const r = registerWith(email);
    expect(r.success).toBe(false);
    expect([MSG.emailInvalid, MSG.domainOnly(D)]).toContain(first(r));
  });

  it.each(crafted)("Create User / import / admin create refuse %j", (email) => {
    const r = userRecordSchema(D, { passwordRequired: true }).safeParse({
      userType: "admin",
      firstName: "Ada",
      lastName: "Reyes",
      email,
      password: "secret-pass-mango",
    });
    expect(first(r)).toBe(MSG.emailInvalid);
  });

  it.each(crafted)("login, forgot, reset, verify, resend and the admin edit refuse %j", (email) => {
    expect(first(loginSchema.safeParse({ email, password: "secret-pass-mango" }))).toBe(
      MSG.emailInvalid,
    );
    expect(first(forgotPasswordSchema.safeParse({ email }))).toBe(MSG.emailInvalid);
    expect(
      first(resetPasswordSchema.safeParse({ email, token: "t", password: "secret-pass-mango" })),
    ).toBe(MSG.emailInvalid);
    expect(first(verifyOtpSchema.safeParse({ email, otp: "123456" }))).toBe(MSG.emailInvalid);
    expect(first(resendOtpSchema.safeParse({ email }))).toBe(MSG.emailInvalid);
    expect(first(adminUserPatchSchema(D).safeParse({ email }))).toBe(MSG.emailInvalid);
  });

  it.each(crafted)("a company contact refuses %j", (email) => {
    expect(companyInputSchema.safeParse({ name: "Acme", email }).success).toBe(false);
  });

  it("the register domain rule is exact and says the spec's words", () => {
    for (const email of [
      "x@cs.example.edu",
      "x@example.edu.evil.test",
      "x@notexample.edu",
      "x@example.education",
    ]) {
      const r = registerWith(email);
      expect(first(r)).toBe("Only @example.edu emails are allowed");
    }
  });

  it("still trims and lower-cases a plain address", () => {
    const r = registerSchema(D).parse({
      userType: "alumni",
      firstName: "A",
      lastName: "B",
      email: "  Ada.Reyes+Jobs@Example.EDU\t",
      password: "secret-pass-mango",
    });
    expect(r.email).toBe("ada.reyes+jobs@example.edu");
  });

  it("an empty address is 'Email is required' only", () => {
    const r = loginSchema.safeParse({ email: "   ", password: "secret-pass-mango" });
    expect(r.error?.issues.filter((i) => i.path[0] === "email").map((i) => i.message)).toEqual([
      MSG.emailRequired,
    ]);
  });
});
