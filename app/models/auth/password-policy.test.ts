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

describe("newPasswordProblem", () => {
  it.each([
    "123456",
    "password",
    "PassWord",
    "qwerty123",
    "iloveyou",
    "dragon",
    "Runway",
    "runway2026!",
    "GOLD",
    "gold123",
    "State Aeronautics College",
    "stateaeronauticscollege",
    "sac",
  ])("refuses %j as too common", async (pw) =>
    expect(await newPasswordProblem(pw, { passwordMinLength: 6, passwordWords: words })).toBe(
      pw.length < 6 ? passwordMinMessage(6) : PASSWORD_POLICY_MSG.common,
    ),
  );

  it.each(["correct horse battery", "golden-retriever-42", "runway to the stars", "Tr0ub4dor&3x"])(
    "accepts %j",
    async (pw) =>
      expect(
        await newPasswordProblem(pw, { passwordMinLength: 6, passwordWords: words }),
      ).toBeNull(),
  );

  it("uses the configured minimum in the spec's wording", async () => {
    expect(await newPasswordProblem("kx7#pq", { passwordMinLength: 8, passwordWords: words })).toBe(
      "Password must be at least 8 characters",
    );
    expect(
      await newPasswordProblem("kx7#pq", { passwordMinLength: 6, passwordWords: words }),
    ).toBeNull();
    expect(await newPasswordProblem("", { passwordMinLength: 6, passwordWords: words })).toBe(
      MSG.passwordRequired,
    );
    expect(
      await newPasswordProblem("x".repeat(200), { passwordMinLength: 6, passwordWords: words }),
    ).toBe(MSG.passwordMax);
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
