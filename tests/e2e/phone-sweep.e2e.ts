/**
 * Every screen of every role on a 375 px phone, over the long job titles, long company name and
 * Filipino place names phone-seed.ts seeds: the page is never wider than the screen and nothing
 * inside it scrolls sideways (every action in view, tables as stacked cards), no word of four
 * letters or more that would fit its line is broken across two (words of URLs, e-mail addresses and
 * code may be; a word longer than the line must be: long-words.e2e.ts seeds them), and axe
 * finds nothing serious. Each role signs in once; the failures of all its screens are listed
 * together.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { readPhoneSeed, type PhoneSweepSeed } from "./phone-seed";
import { accounts, E2E_PASSWORD, expectAccessible, login } from "./support";

const WIDTH = 375;

/** What is wrong with the current page at this width, as sentences (none: fine). */
async function phoneProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join("")}`;
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth)
      out.push(`page is ${doc.scrollWidth}px wide in a ${window.innerWidth}px viewport`);
    // Sideways scrolling inside the page (a table in a scroll box) hides actions just the same.
    for (const el of document.querySelectorAll("body *")) {
      const style = getComputedStyle(el);
      if (!/auto|scroll/.test(style.overflowX) || el.clientWidth === 0) continue;
      if (el.scrollWidth > el.clientWidth + 1)
        out.push(`${name(el)} scrolls sideways (${el.scrollWidth}px in ${el.clientWidth}px)`);
    }
    // A word broken inside: its letters sit on more than one line.
    const tiny = new Map<Element, boolean>();
    const hidden = (el: Element | null): boolean => {
      if (!el || el === document.body) return false;
      if (!tiny.has(el)) {
        const r = el.getBoundingClientRect();
        tiny.set(el, r.width <= 2 || r.height <= 2 || hidden(el.parentElement));
      }
      return tiny.get(el)!;
    };
    // The width of the line box a text sits in: its nearest block ancestor's content width.
    const box = (el: Element): number => {
      let b: Element | null = el;
      while (b && getComputedStyle(b).display.startsWith("inline")) b = b.parentElement;
      const st = getComputedStyle(b ?? el);
      return (b ?? el).clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const broken = new Set<string>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      const parent = node.parentElement;
      // Code (a snippet, an audit record) is no prose: like an address, it may break anywhere.
      const skip = "script, style, noscript, option, svg, code, pre, kbd, samp";
      if (!text.trim() || !parent || parent.closest(skip)) continue;
      if (hidden(parent)) continue;
      for (const token of text.matchAll(/\S+/g)) {
        // Addresses may break anywhere (overflow-wrap: anywhere is meant for them).
        if (/@|:\/\/|^www\.|\.[a-z]{2,}\//i.test(token[0])) continue;
        // A run without spaces wider than its line (a generated name, an id) has to break, and may
        // break inside any word in it.
        const whole = document.createRange();
        whole.setStart(node, token.index!);
        whole.setEnd(node, token.index! + token[0].length);
        const tokenWidth = [...whole.getClientRects()].reduce((sum, r) => sum + r.width, 0);
        if (tokenWidth > box(parent)) continue;
        for (const word of token[0].matchAll(/\p{L}{4,}/gu)) {
          const range = document.createRange();
          const start = token.index! + word.index!;
          range.setStart(node, start);
          range.setEnd(node, start + word[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          const rows = [...new Set(rects.map((r) => Math.round(r.top)))].sort((a, b) => a - b);
          if (rows.length < 2 || rows.at(-1)! - rows[0]! <= 2) continue;
          // A word longer than its box's line has to break; one that would fit must not.
          const width = rects.reduce((sum, r) => sum + r.width, 0);
          if (width <= box(parent)) broken.add(`"${word[0]}" (in ${name(parent)})`);
        }
      }
    }
    if (broken.size) out.push(`words broken inside: ${[...broken].slice(0, 8).join(", ")}`);
    return out;
  });
}

async function sweep(page: Page, urls: string[]) {
  const problems: string[] = [];
  for (const url of urls) {
    const res = await page.goto(url);
    expect(res?.status(), `${url} answers`).toBeLessThan(400);
    await page.waitForLoadState("networkidle");
    for (const p of await phoneProblems(page)) problems.push(`${url}: ${p}`);
    try {
      await expectAccessible(page);
    } catch (e) {
      problems.push(`${url}: axe: ${(e as Error).message.split("\n").slice(0, 12).join(" ")}`);
    }
  }
  expect(problems).toEqual([]);
}

async function phoneAs(browser: Browser, email?: string, password = E2E_PASSWORD) {
  const ctx = await browser.newContext({ viewport: { width: WIDTH, height: 800 } });
  const page = await ctx.newPage();
  if (email) await login(page, email, password);
  return page;
}

let seed: PhoneSweepSeed;
test.beforeAll(() => {
  seed = readPhoneSeed();
});
test.describe.configure({ timeout: 240_000 });

test.describe(`every screen at ${WIDTH}px`, () => {
  test("anonymous", async ({ browser }) => {
    const page = await phoneAs(browser);
    await sweep(page, [
      "/",
      "/jobs",
      `/jobs/${seed.jobId}`,
      `/companies/${seed.companyId}`,
      "/login",
      "/register",
      "/employers",
      "/forgot-password",
      "/stay-safe",
      "/widget",
    ]);
  });

  for (const role of ["student", "alumni"] as const)
    test(role, async ({ browser }) => {
      const page = await phoneAs(browser, accounts[role].email);
      await sweep(page, [
        "/dashboard",
        "/jobs",
        `/jobs/${seed.jobId}`,
        "/saved-jobs",
        "/alerts",
        "/applications",
        "/profile",
      ]);
    });

  test("student in OJT", async ({ browser }) => {
    const page = await phoneAs(browser, seed.ojtStudentEmail, seed.password);
    await sweep(page, [
      "/ojt",
      `/ojt/${seed.placementId}/dtr`,
      `/ojt/${seed.placementId}/documents`,
    ]);
  });

  test("employer", async ({ browser }) => {
    const page = await phoneAs(browser, seed.employerEmail, seed.password);
    await sweep(page, [
      "/employer",
      "/employer/company",
      "/employer/team",
      "/employer/jobs/new",
      `/employer/jobs/${seed.pendingJobId}/edit`,
    ]);
  });

  test("OJT coordinator", async ({ browser }) => {
    const page = await phoneAs(browser, seed.ojtCoordinatorEmail, seed.password);
    await sweep(page, ["/admin/ojt", `/admin/ojt/${seed.placementId}`, "/profile"]);
  });

  test("admin", async ({ browser }) => {
    const page = await phoneAs(browser, accounts.admin.email);
    await page.goto("/admin/courses");
    const checklist = await page
      .getByRole("link", { name: /checklist/i })
      .first()
      .getAttribute("href");
    const s = `/admin/surveys/${seed.surveyId}`;
    await sweep(page, [
      "/dashboard",
      "/admin/jobs",
      "/admin/jobs?view=queue",
      "/admin/jobs/decline-templates",
      "/admin/companies",
      "/admin/companies/join-requests",
      `/admin/companies/${seed.companyId}/moa`,
      "/admin/courses",
      checklist!,
      "/admin/create-user",
      "/admin/users",
      "/admin/reports",
      "/admin/surveys",
      "/admin/surveys/new",
      `${s}/edit`,
      `${s}/progress`,
      `${s}/outcomes`,
      `${s}/responses`,
      "/admin/ojt",
      "/admin/ojt/new",
      "/admin/ojt/rubric",
      `/admin/ojt/${seed.placementId}`,
      "/profile",
    ]);
  });
});
