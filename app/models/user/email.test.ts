import { describe, expect, it } from "vitest";
import { emailDomain, isPlainEmail, normalizeEmail } from "./email";

describe("isPlainEmail", () => {
  it.each([
    "ada@example.edu",
    "ada.reyes@example.edu",
    "ada_reyes+jobs@example.edu",
    "a%b-c@cs.example.edu",
    "1@example.co",
  ])("accepts %s", (a) => expect(isPlainEmail(a)).toBe(true));

  it.each([
    ['"x@example.edu" <someone@elsewhere.com>', "display name and angle brackets"],
    ["someone@elsewhere.com,x@example.edu", "comma list"],
    ["someone@elsewhere.com;x@example.edu", "semicolon list"],
    ["<x@example.edu>", "angle brackets"],
    ['"x"@example.edu', "quoted local part"],
    ["x@example.edu (comment)", "comment"],
    ["x y@example.edu", "space"],
    ["x\t@example.edu", "tab"],
    ["x@example.edu\r\nBcc: a@b.com", "header injection"],
    ["x\u0000@example.edu", "NUL"],
    ["x@@example.edu", "two @"],
    ["x@y@example.edu", "two @ apart"],
    ["@example.edu", "empty local part"],
    ["x@", "empty domain"],
    [".x@example.edu", "leading dot"],
    ["x.@example.edu", "trailing dot"],
    ["x..y@example.edu", "double dot"],
    ["x@example", "no top-level domain"],
    ["x@-example.edu", "label starting with hyphen"],
    ["x@example..edu", "empty label"],
    ["x@[127.0.0.1]", "address literal"],
    ["x@exämple.edu", "non-ASCII domain"],
    ["ä@example.edu", "non-ASCII local part"],
    ["X@example.edu", "not normalised"],
    [`${"a".repeat(65)}@example.edu`, "local part over 64"],
  ])("refuses %j (%s)", (a) => expect(isPlainEmail(a)).toBe(false));

  it("normalises by trim and lower-case only", () => {
    expect(normalizeEmail("  Ada@Example.EDU ")).toBe("ada@example.edu");
    expect(emailDomain("ada@cs.example.edu")).toBe("cs.example.edu");
  });
});
