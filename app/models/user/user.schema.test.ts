import { describe, expect, it } from "vitest";
import { displayName, inCollegeDomain, userRecordSchema, userInitials } from "./user.schema";

describe("user rules", () => {
  it("accepts only the exact college domain after trim and lowercase", () => {
    expect(inCollegeDomain("  Ana@Example.EDU ", "example.edu")).toBe(true);
    expect(inCollegeDomain("ana@sub.example.edu", "example.edu")).toBe(false);
    expect(inCollegeDomain("ana@example.edu.evil.com", "example.edu")).toBe(false);
  });

  it("names the display name by the navigation bar's order", () => {
    expect(displayName({ name: "Chosen", firstName: "A", lastName: "B" })).toBe("Chosen");
    expect(displayName({ firstName: "Ana", lastName: "Cruz" })).toBe("Ana Cruz");
    expect(displayName({ email: "x@example.edu" })).toBe("x@example.edu");
    expect(displayName({})).toBe("User");
  });

  it("applies the create-user rules with the spec's messages", () => {
    const s = userRecordSchema("example.edu", { passwordRequired: true });
    const r = s.safeParse({
      userType: "student",
      firstName: "A",
      lastName: "",
      email: "a@gmail.com",
      password: "123",
    });
    expect(r.success).toBe(false);
    const msgs = r.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(msgs).toEqual(
      expect.arrayContaining([
        "firstName: First name must be at least 2 characters",
        "lastName: Last name is required",
        "email: Only @example.edu emails are allowed",
        "password: Password must be at least 6 characters",
      ]),
    );
    const missingType = s.safeParse({
      firstName: "Ana",
      lastName: "Cruz",
      email: "a@example.edu",
      password: "123456",
    });
    expect(missingType.error!.issues[0].message).toBe("Please select user type");
    const student = s.safeParse({
      userType: "student",
      firstName: "Ana",
      lastName: "Cruz",
      email: "a@example.edu",
      password: "123456",
    });
    expect(student.error!.issues.map((i) => i.path[0])).toEqual([
      "studentId",
      "course",
      "yearLevel",
    ]);
    // One pass: the student-only errors come together with the others (they used to wait for a second submit).
    const all = s.safeParse({
      userType: "student",
      firstName: "",
      lastName: "Cruz",
      email: "a@gmail.com",
      password: "1",
      yearLevel: "",
    });
    expect(all.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toEqual(
      expect.arrayContaining([
        "firstName: First name is required",
        "email: Only @example.edu emails are allowed",
        "password: Password must be at least 6 characters",
        "studentId: Student ID is required for students",
        "course: Course is required for students",
        "yearLevel: Year level is required for students",
      ]),
    );
    const badType = s.safeParse({
      userType: "pilot",
      firstName: "",
      lastName: "Cruz",
      email: "a@example.edu",
      password: "123456",
    });
    expect(badType.error!.issues.map((i) => i.path[0]).sort()).toEqual(["firstName", "userType"]);
    expect(s.safeParse(null).success).toBe(false);
    const admin = s.safeParse({
      userType: "admin",
      firstName: "Ana",
      lastName: "Cruz",
      email: " A@Example.edu ",
      password: "123456",
    });
    expect(admin.success && admin.data.email).toBe("a@example.edu");
  });
});

describe("userInitials (nav, profile and user tables alike)", () => {
  it("takes the first letters of first and last name, composed and upper-cased", () => {
    expect(userInitials({ firstName: "Maria Clara", lastName: "de la Cruz" })).toBe("MD");
    expect(userInitials({ firstName: "e\u0301mile", lastName: "Ñuñez" })).toBe("ÉÑ");
    expect(userInitials({ firstName: "  'ana", lastName: "(o'brien)" })).toBe("AO");
    expect(userInitials({ firstName: "𝒜da", lastName: "Reyes" })).toBe("𝒜R");
  });

  it("falls back to the display name or the e-mail, then 'U'", () => {
    expect(userInitials({ name: "Sam Student" })).toBe("SS");
    expect(userInitials({ firstName: "", lastName: "", email: "ada.reyes@example.edu" })).toBe(
      "AR",
    );
    expect(userInitials({})).toBe("U");
    // The same user gives the same initials whichever screen holds which fields.
    const u = {
      firstName: "Maria Clara",
      lastName: "de la Cruz",
      fullName: "Maria Clara de la Cruz",
      email: "m@example.edu",
    };
    expect(userInitials(u)).toBe(userInitials({ firstName: u.firstName, lastName: u.lastName }));
  });
});
