/**
 * How to apply and the allowance, against real databases: the job form's and /api's fields, where
 * Apply Now goes (apply link, then apply e-mail, then company website, else nothing), the allowance
 * in cards' words, the feeds and JobPosting `baseSalary`, an employer's change of the apply link
 * going back to review, and the company page's data (open jobs only, 404 for unknown ids).
 */
import { describe, expect, it } from "vitest";
import { forEachDb } from "../../../tests/setup/db";
import { actingAs, createCompany, createJob } from "../../../tests/factories";
import { createEmployer } from "../../../tests/factories/employer-jobs";
import {
  applyToJob,
  createJob as modelCreateJob,
  getJob,
  serializeJob,
  updateJob,
} from "./job.server";
import { jobCreateSchema, jobFormSchema, jobUpdateSchema, JOB_MSG } from "./job.schema";
import { allowanceLabel, applyTargetOf } from "./apply-target";
import { baseSalaryJsonLd, jobPostingJsonLd, toPublicFeedJob } from "./feed.server";
import { employerCreateJob, employerUpdateJob } from "../employer/jobs.server";
import { loadCompanyPage } from "../company/page.server";
import { blockCompany } from "../employer/moderation.server";
import { NotFound } from "~/lib/errors";

const limits = { maxPending: 50, maxDaily: 50 };
const errorsOf = (r: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("how to apply and the allowance: rules", () => {
  it("reads How to apply as a link or an e-mail address, and refuses anything else", () => {
    const base = { title: "Ramp Agent", company: "x" };
    const parse = (howToApply: string) => jobFormSchema.safeParse({ ...base, howToApply });
    expect(parse("careers.example.ph/apply").data?.howToApply).toEqual({
      applyUrl: "https://careers.example.ph/apply",
      applyEmail: null,
    });
    expect(parse("mailto:Hiring@Example.ph").data?.howToApply).toEqual({
      applyUrl: null,
      applyEmail: "hiring@example.ph",
    });
    for (const bad of ["javascript:alert(1)", "call us", "ftp://x.example/a", "a@b"])
      expect(errorsOf(parse(bad))).toEqual({ howToApply: JOB_MSG.howToApply });
    expect(jobFormSchema.safeParse(base).data?.howToApply).toEqual({
      applyUrl: null,
      applyEmail: null,
    });
  });

  it("checks the allowance as a pair: a period needs an amount, unpaid has none; PHP by default", () => {
    const base = { title: "Ramp Agent", company: "x" };
    const ok = jobFormSchema.safeParse({ ...base, salaryAmount: "15,000", salaryPeriod: "month" });
    expect(ok.data).toMatchObject({
      salaryAmount: 15000,
      salaryCurrency: "PHP",
      salaryPeriod: "month",
    });
    expect(errorsOf(jobFormSchema.safeParse({ ...base, salaryPeriod: "day" }))).toEqual({
      salaryAmount: JOB_MSG.salaryNeedsAmount,
    });
    expect(errorsOf(jobFormSchema.safeParse({ ...base, salaryAmount: "500" }))).toEqual({
      salaryPeriod: JOB_MSG.salaryNeedsPeriod,
    });
    expect(
      errorsOf(jobFormSchema.safeParse({ ...base, salaryAmount: "500", salaryPeriod: "unpaid" })),
    ).toEqual({ salaryAmount: JOB_MSG.unpaidWithAmount });
    expect(
      errorsOf(jobFormSchema.safeParse({ ...base, salaryAmount: "-3", salaryPeriod: "hour" })),
    ).toEqual({ salaryAmount: JOB_MSG.salaryAmount });
    expect(errorsOf(jobFormSchema.safeParse({ ...base, salaryCurrency: "pesos" }))).toEqual({
      salaryCurrency: JOB_MSG.salaryCurrency,
    });
    expect(jobFormSchema.safeParse({ ...base, salaryPeriod: "unpaid" }).success).toBe(true);
    // /api: the update sends the pair; a lone amount is checked against a null period.
    expect(jobUpdateSchema.safeParse({ salaryAmount: 100 }).success).toBe(false);
    expect(jobUpdateSchema.safeParse({ salaryAmount: 100, salaryPeriod: "day" }).success).toBe(
      true,
    );
  });

  it("says the allowance in words and picks Apply Now's target in order", () => {
    expect(
      allowanceLabel({ salaryAmount: 15000, salaryCurrency: "PHP", salaryPeriod: "month" }),
    ).toBe("PHP 15,000 a month");
    expect(allowanceLabel({ salaryAmount: 95, salaryCurrency: "USD", salaryPeriod: "hour" })).toBe(
      "USD 95 an hour",
    );
    expect(allowanceLabel({ salaryPeriod: "unpaid" })).toBe("Unpaid");
    expect(allowanceLabel({})).toBeNull();
    const all = {
      title: "A320 Technician & Planner",
      applyUrl: "https://apply.example.ph/a320",
      applyEmail: "hr@example.ph",
      website: "https://example.ph/",
    };
    expect(applyTargetOf(all)).toEqual({ kind: "url", href: all.applyUrl });
    expect(applyTargetOf({ ...all, applyUrl: null })).toEqual({
      kind: "email",
      address: "hr@example.ph",
      href: "mailto:hr@example.ph?subject=A320%20Technician%20%26%20Planner",
    });
    expect(applyTargetOf({ ...all, applyUrl: null, applyEmail: null })).toEqual({
      kind: "website",
      href: "https://example.ph/",
    });
    expect(applyTargetOf({ title: "x" })).toBeNull();
    // A stored value that is not http(s) never becomes a link.
    expect(applyTargetOf({ title: "x", applyUrl: "javascript:alert(1)" })).toBeNull();
  });
});

describe("how to apply and the allowance: model", () => {
  forEachDb((t) => {
    const admin = () => actingAs(t.db, "admin");
    const student = () => actingAs(t.db, "student");

    it("stores both from the admin form, serialises them for /api and sends Apply Now there", async () => {
      const a = await admin();
      const noSite = await createCompany(t.db, { website: null, name: "No Site Aero" });
      const input = jobCreateSchema.parse({
        title: "Cabin Crew Trainee",
        company: noSite.id,
        isApproved: "true",
        howToApply: "crew@no-site-aero.ph",
        salaryAmount: "18000",
        salaryPeriod: "month",
      });
      const row = await modelCreateJob(a, input);
      const rec = serializeJob(row);
      expect(rec).toMatchObject({
        applyUrl: null,
        applyEmail: "crew@no-site-aero.ph",
        salaryAmount: 18000,
        salaryCurrency: "PHP",
        salaryPeriod: "month",
        allowance: "PHP 18,000 a month",
      });
      // Every field the record had before is still there.
      for (const k of ["_id", "title", "company", "companyId", "licences", "ojtHours", "createdAt"])
        expect(rec).toHaveProperty(k);
      const s = await student();
      expect((await applyToJob(s, row.id)).target).toEqual({
        kind: "email",
        address: "crew@no-site-aero.ph",
        href: "mailto:crew@no-site-aero.ph?subject=Cabin%20Crew%20Trainee",
      });
      // An apply link wins over the e-mail and the website; clearing both leaves nothing.
      await updateJob(
        a,
        row.id,
        jobUpdateSchema.parse({ howToApply: "https://apply.example.ph/cc" }),
      );
      expect((await applyToJob(s, row.id)).target).toEqual({
        kind: "url",
        href: "https://apply.example.ph/cc",
      });
      await updateJob(a, row.id, jobUpdateSchema.parse({ howToApply: null }));
      expect((await applyToJob(s, row.id)).target).toBeNull();
    });

    it("carries the allowance to the widget feed, the feeds' summary and JobPosting baseSalary", async () => {
      const a = await admin();
      const company = await createCompany(t.db);
      const row = await modelCreateJob(
        a,
        jobCreateSchema.parse({
          title: "Ground Handling OJT",
          company: company.id,
          isApproved: true,
          salaryAmount: 450,
          salaryPeriod: "day",
        }),
      );
      const job = await getJob(a, row.id);
      expect(toPublicFeedJob(job, "https://runway.test")).toMatchObject({
        salaryAmount: 450,
        salaryCurrency: "PHP",
        salaryPeriod: "day",
        allowance: "PHP 450 a day",
      });
      expect(jobPostingJsonLd(job, "https://runway.test").baseSalary).toEqual({
        "@type": "MonetaryAmount",
        currency: "PHP",
        value: { "@type": "QuantitativeValue", value: 450, unitText: "DAY" },
      });
      expect(
        baseSalaryJsonLd({ salaryAmount: null, salaryCurrency: "PHP", salaryPeriod: null }),
      ).toEqual({});
      const plain = await createJob(t.db, { companyId: company.id });
      expect(jobPostingJsonLd(await getJob(a, plain.id), "https://runway.test")).not.toHaveProperty(
        "baseSalary",
      );
    });

    it("sends an employer's change of the apply link back to review", async () => {
      const e = await createEmployer(t.db, { employerVerified: true });
      const ctx = { db: t.db, actor: e.actor };
      const job = await employerCreateJob(
        ctx,
        jobCreateSchema.parse({ title: "Avionics Intern", company: e.companyId }),
        limits,
      );
      const a = await admin();
      await updateJob(a, job.id, { isApproved: true });
      const r = await employerUpdateJob(
        ctx,
        job.id,
        jobUpdateSchema.parse({ howToApply: "https://elsewhere.example/apply" }),
        limits,
      );
      expect(r.submitted).toBe(true);
      expect(r.row.isApproved).toBe(false);
      expect(r.row.applyUrl).toBe("https://elsewhere.example/apply");
    });

    it("loads the company page with its open jobs only; unknown, malformed and blocked ids are not found", async () => {
      const company = await createCompany(t.db, {
        name: "Mactan Aero Services",
        description: "MRO hangar in Lapu-Lapu City.",
      });
      const open = await createJob(t.db, { title: "Open Hangar Intern", companyId: company.id });
      await createJob(t.db, { title: "Pending Intern", companyId: company.id, isApproved: false });
      await createJob(t.db, { title: "Closed Intern", companyId: company.id, status: "closed" });
      const other = await createJob(t.db, { title: "Someone Else's Intern" });
      const s = await student();
      for (const ctx of [s, { db: t.db, actor: null }]) {
        const p = await loadCompanyPage(ctx, company.id);
        expect(p.company).toMatchObject({
          id: company.id,
          name: "Mactan Aero Services",
          description: "MRO hangar in Lapu-Lapu City.",
          website: "https://example.com/",
        });
        expect(p.jobs.map((j) => j.id)).toEqual([open.id]);
        expect(p.jobs.map((j) => j.id)).not.toContain(other.id);
      }
      for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"])
        await expect(loadCompanyPage(s, id)).rejects.toBeInstanceOf(NotFound);
      const a = await admin();
      await blockCompany(a, company.id);
      await expect(loadCompanyPage(s, company.id)).rejects.toBeInstanceOf(NotFound);
    });
  });
});
