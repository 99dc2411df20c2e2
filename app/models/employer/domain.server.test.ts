import { describe, expect, it } from "vitest";
import {
  emailDomain,
  isDomainVerified,
  isFreeMailAddress,
  isFreeMailDomain,
  registrableDomain,
  sameEmailDomain,
  websiteDomain,
} from "./domain.server";

describe("employer domain signal", () => {
  it("reads the domains of addresses and websites", () => {
    expect(emailDomain("HR@PAL.com.PH")).toBe("pal.com.ph");
    expect(emailDomain("nobody")).toBeNull();
    expect(emailDomain("a@localhost")).toBeNull();
    expect(websiteDomain("https://www.pal.com.ph/careers")).toBe("pal.com.ph");
    expect(websiteDomain("pal.com.ph")).toBe("pal.com.ph");
    expect(websiteDomain("javascript:alert(1)")).toBeNull();
    expect(websiteDomain("")).toBeNull();
  });

  it("verifies a work address on the company's own domain or a subdomain of it", () => {
    expect(isDomainVerified("hr@pal.com.ph", "https://www.pal.com.ph")).toBe(true);
    expect(isDomainVerified("hr@careers.pal.com.ph", "pal.com.ph")).toBe(true);
    expect(isDomainVerified("hr@pal.com.ph", "https://jobs.pal.com.ph")).toBe(true);
  });

  it("never verifies another domain, a look-alike or a missing website", () => {
    expect(isDomainVerified("hr@pal-careers.com", "https://pal.com.ph")).toBe(false);
    expect(isDomainVerified("hr@evilpal.com.ph", "https://pal.com.ph")).toBe(false);
    expect(isDomainVerified("hr@pal.com.ph.evil.io", "https://pal.com.ph")).toBe(false);
    expect(isDomainVerified("hr@pal.com.ph", null)).toBe(false);
  });

  it("compares registrable domains under the Public Suffix List, never a public suffix itself", () => {
    // A mailbox at a hosting provider's own domain must not vouch for the sites hosted under it.
    expect(isDomainVerified("owner@github.io", "https://acme-air.github.io")).toBe(false);
    expect(isDomainVerified("hr@acme-air.github.io", "https://other.github.io")).toBe(false);
    expect(isDomainVerified("hr@blogspot.com", "https://pal.blogspot.com")).toBe(false);
    expect(isDomainVerified("hr@com.ph", "https://pal.com.ph")).toBe(false);
    expect(isDomainVerified("hr@pal.com.ph", "https://com.ph")).toBe(false);
    expect(isDomainVerified("hr@co.uk", "https://airline.co.uk")).toBe(false);
    expect(isDomainVerified("hr@10.0.0.1", "http://10.0.0.1")).toBe(false);
    // Same owner, same registrable domain: still verified, a site on a hosting suffix included.
    expect(isDomainVerified("hr@acme-air.github.io", "https://acme-air.github.io/jobs")).toBe(true);
    expect(isDomainVerified("hr@mail.airline.co.uk", "https://www.airline.co.uk")).toBe(true);
    expect(registrableDomain("careers.pal.com.ph")).toBe("pal.com.ph");
    expect(registrableDomain("github.io")).toBeNull();
  });

  it("never verifies free mail, even when the website claims the provider's domain", () => {
    expect(isFreeMailDomain("gmail.com")).toBe(true);
    expect(isFreeMailAddress("someone@yahoo.com.ph")).toBe(true);
    expect(isFreeMailAddress("hr@pal.com.ph")).toBe(false);
    expect(isDomainVerified("recruiter@gmail.com", "https://gmail.com")).toBe(false);
    expect(isDomainVerified("recruiter@outlook.com", "https://www.outlook.com")).toBe(false);
  });

  it("compares colleagues' domains exactly", () => {
    expect(sameEmailDomain("a@pal.com.ph", "B@PAL.COM.PH")).toBe(true);
    expect(sameEmailDomain("a@pal.com.ph", "b@cebupacific.com")).toBe(false);
    expect(sameEmailDomain("a@gmail.com", "nobody")).toBe(false);
  });
});
