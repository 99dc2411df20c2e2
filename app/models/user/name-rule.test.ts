/**
 * Mail that carries an attacker's words (docs/security.md, "Names and the mail they reach"): the
 * employer sign-up mails a code to any outside address with the first name typed into the form.
 * Names refuse links, addresses, line breaks and control characters at every door, and a mail to
 * an address not yet verified greets "Hello," without the typed name.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "#db/schema";
import { forEachDb, type TestDb } from "../../../tests/setup/db";
import { authCtx } from "../../../tests/setup/auth-config";
import { createUser } from "../../../tests/factories";
import { registerEmployer } from "../employer/account.server";
import { employerRegisterSchema } from "../employer/employer.schema";
import { requestPasswordReset } from "../auth/password-reset.server";
import { registerUser } from "../auth/register.server";
import { adminUserPatchSchema } from "./admin.schema";
import { parseProfilePatch } from "./profile.schema";
import { isCleanName, MSG, registerSchema, userRecordSchema } from "./user.schema";

const HOSTILE = [
  "URGENT: reset at https://evil.example/reset",
  "Visit www.evil-login.com",
  "evil-login.com",
  "ana@evil.ph",
  "Ana\nBcc: x@y.z",
  "Ana\r\nLocked",
  "Ana\tCruz",
  "Ana\u2028Cruz",
  "Ana\u202eCruz",
  "Ana\u200bCruz",
  "Ana\u0000",
  "javascript:alert(1)",
];
const FINE = ["Ana", "Ma.Cristina", "Ma. Cristina", "José", "O'Brien", "dela Cruz-Reyes", "Jr."];

describe("the one name rule", () => {
  it.each(HOSTILE)("refuses %j", (name) => expect(isCleanName(name)).toBe(false));
  it.each(FINE)("accepts %j", (name) => expect(isCleanName(name)).toBe(true));

  it("holds at every door's schema: register, employer sign-up, profile, Create User and import, an admin's edit", () => {
    const bad = "Click https://evil.example";
    const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
      r.error?.issues.map((i) => i.message) ?? [];
    const reg = registerSchema("example.edu").safeParse({
      userType: "student",
      firstName: bad,
      lastName: "Cruz",
      email: "a@example.edu",
      password: "secret-pass-mango",
    });
    expect(messages(reg)).toEqual([MSG.nameInvalid]);
    const emp = employerRegisterSchema("example.edu").safeParse({
      firstName: "Erin",
      lastName: "Line\nbreak",
      email: "hr@pal.com.ph",
      password: "secret-pass-mango",
      acceptTerms: true,
      companyId: "00000000-0000-4000-8000-000000000000",
    });
    expect(messages(emp)).toEqual([MSG.nameInvalid]);
    const profile = parseProfilePatch({ fullName: "Ana www.evil.ph" });
    expect(profile.ok ? [] : profile.issues.map((i) => i.message)).toEqual([MSG.nameInvalid]);
    const record = userRecordSchema("example.edu", { passwordRequired: false }).safeParse({
      userType: "alumni",
      firstName: "Ana",
      lastName: "Cruz\u0007",
      email: "a@example.edu",
    });
    expect(messages(record)).toEqual([MSG.nameInvalid]);
    const edit = adminUserPatchSchema("example.edu").safeParse({ firstName: "x@evil.ph" });
    expect(messages(edit)).toEqual([MSG.nameInvalid]);
  });
});

forEachDb((t: TestDb) => {
  const mailTo = async (to: string, template: string) => {
    const [m] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, template)));
    return m;
  };

  describe("mail to an address not yet verified", () => {
    it("employer sign-up: the code goes to an outside address without the typed name", async () => {
      const victim = `victim.${Date.now().toString(36)}@outside.example.ph`;
      const words = "URGENT your college account is locked";
      const schema = employerRegisterSchema("example.edu");
      // A link in the name is refused outright …
      const refused = schema.safeParse({
        firstName: "Reset now at https://evil.example/reset",
        lastName: "X",
        email: victim,
        password: "Employer-pass-2026-kite",
        acceptTerms: true,
        company: { name: "Any Co", website: "https://outside.example.ph", location: "Manila" },
      });
      expect(refused.success).toBe(false);
      // … and words without one never reach the stranger's inbox.
      await registerEmployer(
        authCtx(t.db),
        schema.parse({
          firstName: words,
          lastName: "Team",
          email: victim,
          password: "Employer-pass-2026-kite",
          acceptTerms: true,
          company: {
            name: `Outside ${Date.now().toString(36)}`,
            website: "https://outside.example.ph",
            location: "Manila",
          },
        }),
        { ip: "10.11.0.1" },
      );
      const m = await mailTo(victim, "verify_email");
      expect(m.text!.split("\n")[0]).toBe("Hello,");
      expect(m.text).not.toContain("URGENT");
      expect(m.html ?? "").not.toContain("URGENT");
    });

    it("student sign-up and password reset of an unverified account greet generically; a verified one by name", async () => {
      const email = `uv.${Date.now().toString(36)}@example.edu`;
      await registerUser(
        authCtx(t.db),
        registerSchema("example.edu").parse({
          userType: "student",
          firstName: "Mallory",
          lastName: "Words",
          email,
          password: "secret-pass-mango",
        }),
        { ip: "10.11.0.2" },
      );
      expect((await mailTo(email, "verify_email")).text).not.toContain("Mallory");
      await requestPasswordReset(authCtx(t.db), { email, ip: "10.11.0.3" });
      const reset = await mailTo(email, "password_reset");
      expect(reset.text!.split("\n")[0]).toBe("Hello,");

      const { user } = await createUser(t.db, { firstName: "Vera" });
      await requestPasswordReset(authCtx(t.db), { email: user.email, ip: "10.11.0.4" });
      expect((await mailTo(user.email, "password_reset")).text!.split("\n")[0]).toBe("Hello Vera,");
    });
  });
});
