/**
 * Whatever an admin types, no page gets wider than the viewport: a job whose title,
 * company, location, category and texts hold a 300-character unbroken word (and a long URL) is
 * shown on the board, the job page and the admin table at 375 px and 1280 px without horizontal
 * overflow. Links in the description are safe (http/https only, rel noopener noreferrer nofollow).
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { accounts, E2E_PASSWORD, expectNoHorizontalOverflow, login } from "./support";

const WORD = "Supercalifragilistic".repeat(15); // 300 characters, no break opportunity
const URL_IN_TEXT = `https://careers.example.com/${"a".repeat(250)}`;

async function adminToken(request: APIRequestContext): Promise<string> {
  const r = await request.post("/api/auth/login", {
    data: { email: accounts.admin.email, password: E2E_PASSWORD },
  });
  expect(r.status()).toBe(200);
  return (await r.json()).token;
}

async function makeLongJob(request: APIRequestContext): Promise<{ id: string; title: string }> {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const company = await request.post("/api/companies", {
    headers,
    data: {
      name: `${Math.random().toString(36).slice(2)}${WORD}`.slice(0, 200),
      location: WORD.slice(0, 200),
      website: "https://acme.example.com",
    },
  });
  expect(company.status(), await company.text()).toBe(201);
  const title = `Long ${Math.random().toString(36).slice(2, 8)}${WORD}`.slice(0, 200);
  const job = await request.post("/api/jobs", {
    headers,
    data: {
      title,
      company: (await company.json())._id,
      location: WORD.slice(0, 200),
      categories: [WORD.slice(0, 60)],
      shortDescription: WORD,
      description: `${WORD}\n\nApply at ${URL_IN_TEXT} or javascript:alert(1) today.`,
      status: "active",
      isApproved: true,
    },
  });
  expect(job.status(), await job.text()).toBe(201);
  return { id: (await job.json())._id, title };
}

test.describe("long unbroken words", () => {
  let job: { id: string; title: string };
  test.beforeAll(async ({ request }) => {
    job = await makeLongJob(request);
  });

  for (const width of [375, 1280]) {
    test(`board and job page stay within a ${width}px viewport`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/jobs");
      await expect(page.getByRole("link", { name: job.title })).toBeVisible();
      await expectNoHorizontalOverflow(page);

      await page.goto(`/jobs/${job.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(job.title);
      await expectNoHorizontalOverflow(page);

      const link = page.getByRole("link", { name: URL_IN_TEXT });
      await expect(link).toHaveAttribute("href", URL_IN_TEXT);
      await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
      await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
    });
  }

  test("the admin jobs table at 375px and 1280px", async ({ page }) => {
    await login(page, accounts.admin.email);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/admin/jobs");
      await expect(page.getByText(job.title).first()).toBeVisible();
      await expectNoHorizontalOverflow(page);
    }
  });
});
