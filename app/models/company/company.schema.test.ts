import { describe, expect, it } from "vitest";
import {
  companyInputSchema,
  companyPatchSchema,
  COMPANY_MSG,
  logoFileIdFromUrl,
} from "./company.schema";

const first = (r: {
  success: boolean;
  error?: { issues: Array<{ message: string; path: PropertyKey[] }> };
}) => r.error?.issues[0];

describe("company schema (validation rules)", () => {
  it("requires a name with the spec's message", () => {
    for (const bad of [{}, { name: "" }, { name: "   " }, { name: null }]) {
      const r = companyInputSchema.safeParse(bad);
      expect(r.success).toBe(false);
      expect(first(r)?.message).toBe(COMPANY_MSG.nameRequired);
    }
  });

  it("trims, turns blanks into null and normalises the website", () => {
    const r = companyInputSchema.parse({
      name: "  AeroTech  ",
      location: " ",
      website: "aerotech.example.com",
      email: " HR@AeroTech.Example.com ",
      phone: "+63 (2) 8123-4567",
      description: "",
    });
    expect(r).toEqual({
      name: "AeroTech",
      location: null,
      website: "https://aerotech.example.com/",
      email: "hr@aerotech.example.com",
      phone: "+63 (2) 8123-4567",
      description: null,
    });
  });

  it("refuses dangerous or malformed websites, bad e-mails and phones", () => {
    expect(
      first(companyInputSchema.safeParse({ name: "A", website: "javascript:alert(1)" }))?.message,
    ).toBe(COMPANY_MSG.websiteInvalid);
    expect(first(companyInputSchema.safeParse({ name: "A", website: "not a url" }))?.message).toBe(
      COMPANY_MSG.websiteInvalid,
    );
    expect(
      first(companyInputSchema.safeParse({ name: "A", website: "ftp://x.example" }))?.message,
    ).toBe(COMPANY_MSG.websiteInvalid);
    expect(first(companyInputSchema.safeParse({ name: "A", email: "nope" }))?.message).toBe(
      COMPANY_MSG.emailInvalid,
    );
    expect(first(companyInputSchema.safeParse({ name: "A", phone: "call me" }))?.message).toBe(
      COMPANY_MSG.phoneInvalid,
    );
    expect(first(companyInputSchema.safeParse({ name: "x".repeat(201) }))?.message).toBe(
      COMPANY_MSG.nameTooLong,
    );
  });

  it("accepts only Runway file URLs as logoUrl", () => {
    const id = "0b7c1f9e-1d2a-4c3b-8e4f-5a6b7c8d9e0f";
    expect(logoFileIdFromUrl(`/files/${id}`)).toBe(id);
    expect(logoFileIdFromUrl(`https://runway.example.edu/files/${id}`)).toBe(id);
    expect(logoFileIdFromUrl("https://evil.example/logo.png")).toBeNull();
    expect(logoFileIdFromUrl(`/files/${id}/../x`)).toBeNull();
    expect(
      first(companyInputSchema.safeParse({ name: "A", logoUrl: "https://evil.example/x.png" }))
        ?.message,
    ).toBe(COMPANY_MSG.logoInvalid);
    expect(companyInputSchema.parse({ name: "A", logoUrl: "" }).logoUrl).toBeNull();
  });

  it("lets a patch carry any subset, but not an empty name", () => {
    expect(companyPatchSchema.parse({ phone: "123" })).toEqual({ phone: "123" });
    expect(companyPatchSchema.parse({})).toEqual({});
    expect(first(companyPatchSchema.safeParse({ name: "" }))?.message).toBe(
      COMPANY_MSG.nameRequired,
    );
  });
});
