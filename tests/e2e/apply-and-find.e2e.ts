/**
 * Apply never dead-ends, students find what they saved, and the company page: an admin gives a job
 * an apply e-mail and an allowance in the job form; a student sees the allowance on the card and
 * the job page, Apply Now answers with a `mailto:` carrying the title; a job without any way to
 * apply shows written instructions instead of the button; on a phone Apply Now stays in view; the
 * company page lists the open jobs; the student's menu holds Saved jobs, Job alerts and My
 * applications; the board shows Clear filters and Save this search only for a search, and an empty
 * search suggests what to try. Axe on every screen touched.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { accounts, E2E_PASSWORD, expectAccessible, login } from "./support";

const tag = () => Math.random().toString(36).slice(2, 8);

async function adminHeaders(request: APIRequestContext) {
  const r = await request.post("/api/auth/login", {
    data: { email: accounts.admin.email, password: E2E_PASSWORD },
  });
  expect(r.status()).toBe(200);
  return { Authorization: `Bearer ${(await r.json()).token}` };
}

/** A company (optionally without website) and one approved job of it, through /api. */
async function companyWithJob(
  request: APIRequestContext,
  o: { website?: string | null; description?: string; job?: Record<string, unknown> } = {},
) {
  const headers = await adminHeaders(request);
  const name = `Mactan Aero ${tag()}`;
  const company = await request.post("/api/companies", {
    headers,
    data: {
      name,
      location: "Lapu-Lapu City, Cebu",
      ...(o.website === null ? {} : { website: o.website ?? "https://mactan-aero.example" }),
      description: o.description ?? "An MRO hangar at Mactan–Cebu International Airport.",
    },
  });
  expect(company.status(), await company.text()).toBe(201);
  const companyId = (await company.json())._id as string;
  const title = `Hangar Technician ${tag()}`;
  const job = await request.post("/api/jobs", {
    headers,
    data: { title, company: companyId, status: "active", isApproved: true, ...o.job },
  });
  expect(job.status(), await job.text()).toBe(201);
  const body = await job.json();
  return { companyId, companyName: name, jobId: body._id as string, title, record: body };
}

test("an admin gives a job an apply e-mail and an allowance; students see both and Apply Now mails with the title", async ({
  page,
  baseURL,
}) => {
  const title = `Cabin Crew Trainee ${tag()}`;
  await login(page, accounts.admin.email);
  await page.goto("/admin/jobs?new=1");
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Title *").fill(title);
  await dialog.getByLabel("Company *").selectOption({ label: "Seed Aviation Corp" });
  await dialog.getByLabel("How to apply").fill("Crew.Hiring@seed-aviation.example");
  await dialog.getByLabel("Amount").fill("18000");
  await dialog.getByLabel("Per", { exact: true }).selectOption("month");
  await expect(dialog.getByLabel("Currency")).toHaveValue("PHP");
  await expectAccessible(page);
  await dialog.getByLabel("Approved").check();
  await dialog.getByRole("button", { name: "Create job" }).click();
  await expect(page.getByText("Job created").first()).toBeVisible();

  await page.context().clearCookies();
  await login(page, accounts.student.email);
  await page.goto(`/jobs?q=${encodeURIComponent(title)}`);
  const card = page.getByRole("article", { name: title });
  await expect(card.getByText("PHP 18,000 a month")).toBeVisible();
  await card.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText("PHP 18,000 a month")).toBeVisible();
  const apply = page.getByRole("button", { name: /Apply Now/ });
  await expect(apply).toHaveAccessibleName(/e-mail crew\.hiring@seed-aviation\.example/);
  await expectAccessible(page);
  // The JobPosting data carries the allowance.
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
  );
  expect(ld.baseSalary).toEqual({
    "@type": "MonetaryAmount",
    currency: "PHP",
    value: { "@type": "QuantitativeValue", value: 18000, unitText: "MONTH" },
  });
  // Apply Now's post answers with the mail address, the job title as subject.
  const jobId = new URL(page.url()).pathname.split("/").pop()!;
  const r = await page.request.post(`/jobs/${jobId}/apply`, {
    headers: { Origin: baseURL! },
    form: { back: `/jobs/${jobId}` },
    maxRedirects: 0,
  });
  expect(r.status()).toBe(303);
  expect(r.headers().location).toBe(
    `mailto:crew.hiring@seed-aviation.example?subject=${encodeURIComponent(title)}`,
  );
  // The click counts as an Apply click.
  await page.goto("/applications");
  await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText(
    "Apply clicked",
  );
});

test("a job with no apply link, e-mail or website shows how to apply instead of the button; its company page lists it", async ({
  page,
  request,
}) => {
  const { jobId, title, companyId, companyName, record } = await companyWithJob(request, {
    website: null,
    job: { salaryPeriod: "unpaid" },
  });
  // /api keeps its fields and adds the new ones.
  expect(record).toMatchObject({
    applyUrl: null,
    applyEmail: null,
    salaryAmount: null,
    salaryCurrency: "PHP",
    salaryPeriod: "unpaid",
    allowance: "Unpaid",
  });
  await login(page, accounts.student.email);
  await page.goto(`/jobs/${jobId}`);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: /Apply Now/ })).toHaveCount(0);
  const how = page.getByRole("region", { name: "How to apply" });
  await expect(how).toContainText(
    "This posting gives no apply link, e-mail address or company website.",
  );
  await expect(page.getByText("Unpaid")).toBeVisible();
  // The company's description on the job page, and its page from there.
  await expect(page.getByRole("region", { name: `About ${companyName}` })).toContainText(
    "An MRO hangar at Mactan–Cebu International Airport.",
  );
  await expectAccessible(page);
  await page.getByRole("link", { name: /Company page and open jobs/ }).click();
  await expect(page).toHaveURL(`/companies/${companyId}`);
  await expect(page.getByRole("heading", { name: companyName, level: 1 })).toBeVisible();
  await expect(page.getByText("An MRO hangar at Mactan–Cebu International Airport.")).toBeVisible();
  const card = page.getByRole("article", { name: title });
  await expect(card).toBeVisible();
  // On a card the same job links to its instructions instead of a dead Apply Now.
  await expect(card.getByRole("link", { name: `How to apply: ${title}` })).toHaveAttribute(
    "href",
    `/jobs/${jobId}#how-to-apply`,
  );
  await expectAccessible(page);
  // Unknown and malformed ids are a 404 page.
  for (const id of ["not-a-company", "00000000-0000-4000-8000-000000000000"]) {
    const res = await page.goto(`/companies/${id}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Company not found" })).toBeVisible();
  }
});

test("on a phone the job page keeps Apply Now in view once the page scrolls past it", async ({
  browser,
  request,
}) => {
  const long = Array.from({ length: 60 }, (_, i) => `Duty ${i + 1}: inspect, log and report.`).join(
    "\n\n",
  );
  const { jobId } = await companyWithJob(request, {
    job: { description: long, howToApply: "https://careers.mactan-aero.example/apply" },
  });
  const ctx = await browser.newContext({ viewport: { width: 375, height: 700 } });
  const page = await ctx.newPage();
  await page.goto(`/jobs/${jobId}`);
  await page.getByText("Duty 40:").scrollIntoViewIfNeeded();
  const box = await page.getByRole("button", { name: /Apply Now/ }).boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(700);
  // Not hidden under the navigation bar.
  const nav = await page.locator(".navbar").boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(nav!.y + nav!.height - 1);
  await ctx.close();
});

// One test per width: each signs in and runs two accessibility scans, which on a slow machine
// together outgrow one test's time limit.
for (const width of [1280, 375])
  test(`at ${width}px students find Saved jobs, Job alerts and My applications in the menu; the board offers Clear filters and alerts only for a search`, async ({
    browser,
  }) => {
    const ctx = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await ctx.newPage();
    await page.goto("/jobs");
    // Guests still see the employers' way in.
    await expect(page.getByRole("link", { name: "Hiring? Post a job" }).first()).toBeVisible();
    await login(page, accounts.alumni.email);
    await page.goto("/jobs");
    let menu = page.getByRole("navigation", { name: "Main" });
    if (width === 375) {
      await page.getByRole("button", { name: "Menu" }).click();
      menu = page.getByRole("navigation", { name: "Mobile" });
    }
    for (const [label, to] of [
      ["Saved jobs", "/saved-jobs"],
      ["Job alerts", "/alerts"],
      ["My applications", "/applications"],
    ])
      await expect(menu.getByRole("link", { name: label })).toHaveAttribute("href", to);
    if (width === 375) await page.keyboard.press("Escape");
    await expect(page.getByRole("link", { name: "Hiring? Post a job" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Clear filters" })).toHaveCount(0);
    await expect(page.getByText("Save this search as a job alert")).toHaveCount(0);
    await expectAccessible(page);

    await page.goto("/jobs?q=zzqqxx%20hangar&type=ojt");
    await expect(page.getByRole("link", { name: "Clear filters" })).toBeVisible();
    await expect(page.getByText("Save this search as a job alert")).toBeVisible();
    await expect(page.getByText("No matching active jobs.")).toBeVisible();
    const tips = page.locator(".jobs-empty-tips");
    await expect(
      tips.getByRole("link", { name: "search “zzqqxx hangar” without them" }),
    ).toHaveAttribute("href", "/jobs?q=zzqqxx+hangar");
    await expect(tips.getByRole("link", { name: "“zzqqxx”" })).toBeVisible();
    await expect(tips).toContainText("an alert for this search");
    await expectAccessible(page);
    await ctx.close();
  });
