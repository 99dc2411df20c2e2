/** toJobView: the role-dependent fields of a job, for each kind of viewer and state of the job. */
import { describe, expect, it } from "vitest";
import type { Job } from "./job.server";
import { saveModeOf, toJobView } from "./view.server";

const NOW = Date.parse("2030-01-10T00:00:00Z");
const job = (over: Partial<Job> = {}) =>
  ({
    id: "11111111-1111-4111-8111-111111111111",
    title: "Ramp Agent",
    companyId: "22222222-2222-4222-8222-222222222222",
    companyWebsite: "acme.example",
    isApproved: true,
    status: "active",
    hiddenReason: null,
    applicationDeadline: null,
    applyUrl: null,
    applyEmail: null,
    ...over,
  }) as Job;
const as = (
  role: "student" | "alumni" | "admin" | "employer",
  companyId: string | null = null,
) => ({
  role,
  companyId,
});

describe("toJobView", () => {
  it("lets students and alumni save, asks guests to sign in, and offers admins and employers no bookmark", () => {
    expect(saveModeOf(null)).toBe("sign-in");
    expect(saveModeOf(as("student"))).toBe("save");
    expect(saveModeOf(as("alumni"))).toBe("save");
    expect(saveModeOf(as("admin"))).toBe("none");
    expect(saveModeOf(as("employer", "x"))).toBe("none");
  });

  it("offers the report form to signed-in users but admins, on listed jobs only", () => {
    expect(toJobView(job(), null, NOW).reportMode).toBe("sign-in");
    expect(toJobView(job(), as("student"), NOW).reportMode).toBe("form");
    expect(toJobView(job(), as("employer", "x"), NOW).reportMode).toBe("form");
    expect(toJobView(job(), as("admin"), NOW).reportMode).toBe("none");
    expect(toJobView(job({ isApproved: false }), as("student"), NOW).reportMode).toBe("none");
    expect(toJobView(job({ hiddenReason: "reports" }), as("student"), NOW).reportMode).toBe("none");
  });

  it("lets admins edit any job and an employer only its own company's", () => {
    const j = job();
    expect(toJobView(j, as("admin"), NOW).canEdit).toBe(true);
    expect(toJobView(j, as("employer", j.companyId), NOW).canEdit).toBe(true);
    expect(toJobView(j, as("employer", "33333333-3333-4333-8333-333333333333"), NOW).canEdit).toBe(
      false,
    );
    expect(toJobView(j, as("employer", null), NOW).canEdit).toBe(false);
    expect(toJobView(j, as("student"), NOW).canEdit).toBe(false);
    expect(toJobView(j, null, NOW).canEdit).toBe(false);
  });

  it("says whether the job takes applications: open, closed by its deadline, or not listed", () => {
    const open = toJobView(job({ applicationDeadline: new Date(NOW + 1000) }), null, NOW);
    expect([open.applyState, open.isPublic]).toEqual(["open", true]);
    const closed = toJobView(job({ applicationDeadline: new Date(NOW - 1000) }), null, NOW);
    expect([closed.applyState, closed.isPublic]).toEqual(["closed", false]);
    const pending = toJobView(job({ isApproved: false }), as("admin"), NOW);
    expect([pending.applyState, pending.isPublic]).toEqual(["unlisted", false]);
    expect(toJobView(job({ status: "inactive" }), as("admin"), NOW).applyState).toBe("unlisted");
  });

  it("sends Apply Now to the apply link, else the apply e-mail, else the company website", () => {
    expect(toJobView(job({ applyUrl: "https://acme.example/apply" }), null, NOW).apply).toEqual({
      kind: "url",
      href: "https://acme.example/apply",
    });
    expect(toJobView(job({ applyEmail: "jobs@acme.example" }), null, NOW).apply?.kind).toBe(
      "email",
    );
    expect(toJobView(job(), null, NOW).apply).toEqual({
      kind: "website",
      href: "https://acme.example/",
    });
    expect(toJobView(job({ companyWebsite: null }), null, NOW).apply).toBeNull();
  });
});
