/** Helpers for the e2e journeys: sign in, read mail from the SMTP sink, accessibility checks. */
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type Page } from "@playwright/test";
import { E2E_PASSWORD, mailDir } from "./fixtures";

export { accounts, E2E_PASSWORD } from "./fixtures";

export async function login(page: Page, email: string, password = E2E_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: /sign in/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
}

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string | null;
}

/** Waits for the newest mail to `to` (optionally matching) that arrived at the SMTP sink. */
export async function waitForMail(
  to: string,
  match: (m: Mail) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<Mail> {
  const dir = path.resolve(mailDir());
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith(".json"))
          .sort()
          .reverse()
      : [];
    for (const f of files) {
      const m = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as Mail;
      if (m.to.includes(to.toLowerCase()) && match(m)) return m;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to}`);
}

export const codeIn = (m: Mail) => m.text.match(/\b(\d{6})\b/)![1];
export const linkIn = (m: Mail) => m.text.match(/https?:\/\/\S+/)![0];

/** No serious or critical axe violations on the current page. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

/** The page is no wider than the viewport; on failure names the elements sticking out. */
export async function expectNoHorizontalOverflow(page: Page) {
  const r = await page.evaluate(() => {
    // The innermost elements sticking out on the right, to name the culprit when this fails.
    const out = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .filter(
        (el) =>
          ![...el.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 1),
      )
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`);
    const wide = [...document.querySelectorAll("body *")]
      .filter(
        (el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === "visible",
      )
      .slice(-3)
      .map(
        (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} (${el.scrollWidth}px)`,
      );
    out.push(...wide, location.pathname);
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      out,
    };
  });
  expect(
    r.scrollWidth,
    `page is ${r.scrollWidth}px wide in a ${r.innerWidth}px viewport: ${r.out.join(", ")}`,
  ).toBeLessThanOrEqual(r.innerWidth);
}

export function uniqueEmail(prefix = "user") {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.edu`;
}

/** A date on the college's clock (Asia/Manila), shifted by days, as YYYY-MM-DD. */
export function collegeDate(shiftDays = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Manila" }).format(new Date());
  return plusDays(today, shiftDays);
}
/** A YYYY-MM-DD date moved by whole days. */
export function plusDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
/** Last week's Monday on the college's clock: in the past whatever day today is. */
export function lastMonday(): string {
  const today = collegeDate();
  const dow = new Date(`${today}T00:00:00Z`).getUTCDay();
  return plusDays(today, -((dow + 6) % 7) - 7);
}
/** A signed-out page in a phone-sized context of its own. */
export async function phonePage(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  return ctx.newPage();
}

/**
 * On a placement's documents screen, marks every "Missing" item received on paper (today, the
 * form's default), one at a time: each click is waited for until its item has left "Missing"
 * (counting while the page reloads could click an item twice or wait for one already gone).
 */
export async function markMissingReceived(page: Page) {
  const missing = page
    .getByRole("listitem")
    .filter({ has: page.getByText("Missing", { exact: true }) });
  for (let left = await missing.count(); left > 0; left--) {
    await missing
      .first()
      .getByRole("button", { name: /^Mark .* received$/ })
      .click();
    await expect(missing).toHaveCount(left - 1);
  }
}
