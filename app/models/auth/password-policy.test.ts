/** docs/security.md, "Passwords people actually guess": the common-password list and the college's words, case-insensitively; the configured minimum. */
import { describe, expect, it } from "vitest";
import {
  MSG,
  passwordMinMessage,
  registerSchema,
  resetPasswordFormSchemaOf,
  userRecordSchema,
} from "../user/user.schema";
import { collegeWords } from "./config";
import { newPasswordProblem, PASSWORD_POLICY_MSG } from "./password-policy.server";

const words = collegeWords({
  COLLEGE_NAME: "State Aeronautics College",
  COLLEGE_SHORT_NAME: "gold",
  COLLEGE_EMAIL_DOMAIN: "sac.edu.ph",
});

const policy = { passwordMinLength: 6, passwordWords: words };
const WEAK =
  /^This password is easy to guess\. (.+ )?Add another word or two\. Uncommon words are better\.$/;

describe("newPasswordProblem", () => {
  it.each([
    "aaaaaa",
    "abcdef",
    "Passw0rd!",
    "password123!",
    "Summer2024",
    "letmein!",
    "123456",
    "password",
    "PassWord",
    "qwerty123",
    "iloveyou",
    "dragon",
    "Runway",
    "runway2026!",
    "gold123",
    "State Aeronautics College",
    "stateaeronauticscollege",
    "Cessna172",
    "Pilot2025!",
    "kx7#pq",
  ])("refuses %j as easy to guess, saying why and how to fix it", async (pw) =>
    expect(await newPasswordProblem(pw, policy)).toMatch(WEAK),
  );

  it("passes the estimator's warning on", async () => {
    expect(await newPasswordProblem("aaaaaaaa", policy)).toBe(
      'This password is easy to guess. Repeated characters like "aaa" are easy to guess. Add another word or two. Uncommon words are better.',
    );
    expect(PASSWORD_POLICY_MSG.weak(null)).toBe(
      "This password is easy to guess. Add another word or two. Uncommon words are better.",
    );
  });

  it("counts the person's own name and address as words a guesser knows", async () => {
    const owner = {
      firstName: "Maricel",
      lastName: "Dimaculangan",
      email: "maricel.dimaculangan@sac.edu.ph",
      other: ["Pacific Wings Airlines"],
    };
    for (const pw of [
      "MaricelDimaculangan",
      "Dimaculangan1999",
      "dimaculangan!",
      "pacific wings airlines",
    ]) {
      expect(await newPasswordProblem(pw, policy)).toBeNull();
      expect(await newPasswordProblem(pw, policy, owner)).toMatch(WEAK);
    }
  });

  it("refuses the college's or the person's own name however it is spaced", async () => {
    expect(await newPasswordProblem("State Aeronautics College", policy)).toBe(
      PASSWORD_POLICY_MSG.weak(PASSWORD_POLICY_MSG.collegeName),
    );
    expect(
      await newPasswordProblem("Rosario Dela Cruz", policy, {
        firstName: "Rosario",
        lastName: "Dela Cruz",
      }),
    ).toBe(PASSWORD_POLICY_MSG.weak(PASSWORD_POLICY_MSG.ownName));
  });

  it.each(["correct horse battery", "golden-retriever-42", "runway to the stars", "Tr0ub4dor&3x"])(
    "accepts %j",
    async (pw) => expect(await newPasswordProblem(pw, policy)).toBeNull(),
  );

  it("keeps the spec's length messages, with the configured minimum", async () => {
    expect(await newPasswordProblem("kx7#pq", { ...policy, passwordMinLength: 8 })).toBe(
      "Password must be at least 8 characters",
    );
    expect(await newPasswordProblem("a", policy)).toBe(passwordMinMessage(6));
    expect(await newPasswordProblem("", policy)).toBe(MSG.passwordRequired);
    expect(await newPasswordProblem("x".repeat(200), policy)).toBe(MSG.passwordMax);
  });

  it("derives the college's words from its configuration", () => {
    expect(words).toEqual(
      expect.arrayContaining(["runway", "stateaeronauticscollege", "gold", "sac"]),
    );
  });

  it("the forms' schemas show the configured minimum (never below the spec's 6)", () => {
    const reg = registerSchema("example.edu", { passwordMin: 8 }).safeParse({
      userType: "student",
      firstName: "A",
      lastName: "B",
      email: "a@example.edu",
      password: "kx7#pqz",
    });
    expect(reg.error?.issues.map((i) => i.message)).toEqual([
      "Password must be at least 8 characters",
    ]);
    const rec = userRecordSchema("example.edu", {
      passwordRequired: true,
      passwordMin: 12,
    }).safeParse({
      userType: "admin",
      firstName: "Ada",
      lastName: "Reyes",
      email: "a@example.edu",
      password: "kx7#pqzkx7#",
    });
    expect(rec.error?.issues.map((i) => i.message)).toEqual([
      "Password must be at least 12 characters",
    ]);
    const reset = resetPasswordFormSchemaOf(3).safeParse({
      email: "a@example.edu",
      token: "t",
      password: "kx7#p",
      confirmPassword: "kx7#p",
    });
    expect(reset.error?.issues.map((i) => i.message)).toEqual([MSG.passwordMin]);
  });
});
