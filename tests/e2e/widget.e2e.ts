/**
 * The embeddable widget on a page of ANOTHER origin (a second local server started here) with
 * hostile global CSS: the jobs appear, styles do not leak either way, the only new global is
 * RunwayJobs, one credential-less request is made, and a job link opens the right Runway page.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support";

const SEEDED = "Seeded Line Maintenance Intern";
let host: http.Server;
let hostUrl = "";

function hostPage(runway: string, extra = "") {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>College homepage</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  * { color: red !important; font-size: 40px }
  h2, a, li, ul, section, span, p { font-family: "Comic Sans MS", cursive; letter-spacing: 3px; list-style: square; background: yellow; }
  .rw, .list, .title, .head, .all { display: none !important; }
</style></head>
<body>
  <h2 class="head" id="host-heading">Host heading</h2>
  <ul class="list" id="host-list"><li>Host item</li></ul>
  <a class="title" id="host-link" href="#">Host link</a>
  <script>window.__globalsBefore = Object.keys(window);</script>
  <div id="jobs"></div>
  <script src="${runway}/widget.js" async data-limit="20" data-target="#jobs" data-accent="#b45309"${extra}></script>
</body></html>`;
}

test.beforeAll(async ({ baseURL }) => {
  host = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(hostPage(baseURL!, url.searchParams.get("dark") ? ' data-theme="dark"' : ""));
  });
  await new Promise<void>((r) => host.listen(0, "127.0.0.1", () => r()));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((r) => host.close(r));
});

test("the widget shows Runway jobs on another origin, isolated both ways", async ({
  page,
  context,
  baseURL,
}) => {
  const runway = baseURL!;
  expect(new URL(hostUrl).origin).not.toBe(new URL(runway).origin);
  // A cookie the widget must not send (cookies are per host, so the host page's host shares it).
  await context.addCookies([{ name: "probe", value: "secret", url: runway }]);
  const feedRequests: string[] = [];
  const feedCookies: Array<string | undefined> = [];
  page.on("request", async (r) => {
    if (r.url().startsWith(`${runway}/api/public/jobs`)) {
      feedRequests.push(r.url());
      feedCookies.push((await r.allHeaders()).cookie);
    }
  });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));

  await page.goto(hostUrl);
  const widget = page.locator("#jobs [data-runway-jobs]");
  const link = page.getByRole("link", { name: new RegExp(`^${SEEDED}, Seed Aviation Corp`) });
  await expect(link).toBeVisible();
  await expect(page.getByRole("link", { name: /See all jobs/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Latest jobs" })).toBeVisible();

  // The host page's CSS does not reach inside…
  const title = widget.locator(".title").first();
  const inside = await title.evaluate((el) => {
    const s = getComputedStyle(el);
    const li = el.closest("li")!;
    const frame = getComputedStyle(el.closest("section")!);
    return {
      color: s.color,
      fontSize: s.fontSize,
      font: s.fontFamily,
      spacing: s.letterSpacing,
      bg: getComputedStyle(li).backgroundColor,
      list: getComputedStyle(li).listStyleType,
      accent: frame.borderTopColor,
    };
  });
  expect(inside.color).toBe("rgb(17, 24, 39)"); // the light theme's text colour, not red
  expect(inside.accent).toBe("rgb(180, 83, 9)"); // data-accent
  expect(inside.fontSize).toBe("15px");
  expect(inside.font).not.toContain("Comic Sans");
  expect(inside.spacing).toBe("normal");
  expect(inside.bg).toBe("rgba(0, 0, 0, 0)");
  expect(inside.list).toBe("none");
  // …and the widget's CSS does not reach out.
  const outside = await page.evaluate(() => {
    const get = (id: string) => getComputedStyle(document.getElementById(id)!);
    return {
      heading: {
        color: get("host-heading").color,
        size: get("host-heading").fontSize,
        display: get("host-heading").display,
      },
      list: {
        style: get("host-list").listStyleType,
        margin: get("host-list").marginTop,
        display: get("host-list").display,
      },
      link: {
        color: get("host-link").color,
        decoration: get("host-link").textDecorationLine,
        display: get("host-link").display,
      },
    };
  });
  expect(outside.heading).toEqual({ color: "rgb(255, 0, 0)", size: "40px", display: "none" });
  expect(outside.list.style).toBe("square");
  expect(outside.list.display).toBe("none");
  expect(outside.link.color).toBe("rgb(255, 0, 0)");
  expect(outside.link.decoration).toBe("underline");

  // One request for data, no cookies, no globals but RunwayJobs, no errors in the host page.
  expect(feedRequests).toHaveLength(1);
  expect(feedRequests[0]).toBe(`${runway}/api/public/jobs?limit=20`);
  expect(feedCookies[0]).toBeUndefined();
  const added = await page.evaluate(() => {
    const before = new Set((window as unknown as { __globalsBefore: string[] }).__globalsBefore);
    return Object.keys(window).filter((k) => !before.has(k) && k !== "__globalsBefore");
  });
  expect(added).toEqual(["RunwayJobs"]);
  expect(errors).toEqual([]);
  expect((await context.cookies([hostUrl, runway])).map((c) => c.name)).toEqual(["probe"]); // nothing written

  // The job link opens the job's page on Runway in a new tab.
  const href = await link.getAttribute("href");
  expect(href).toMatch(new RegExp(`^${runway}/jobs/[0-9a-f-]{36}$`));
  expect(await link.getAttribute("target")).toBe("_blank");
  expect(await link.getAttribute("rel")).toContain("noopener");
  const feed = await (await page.request.get(`${runway}/api/public/jobs?limit=20`)).json();
  expect(feed.jobs.find((j: { title: string }) => j.title === SEEDED).url).toBe(href);
  const [popup] = await Promise.all([context.waitForEvent("page"), link.click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(href);
  await expect(popup.getByRole("heading", { name: SEEDED })).toBeVisible();
  expect(await popup.evaluate(() => window.opener)).toBeNull();
});

test("the widget stays readable at 320 px and in the dark theme", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto(`${hostUrl}/?dark=1`);
  await expect(page.getByRole("link", { name: new RegExp(`^${SEEDED}`) })).toBeVisible();
  const box = await page.locator("#jobs [data-runway-jobs]").evaluate((host) => {
    const s = host.shadowRoot!.querySelector("section")!;
    return {
      width: s.getBoundingClientRect().width,
      scroll: s.scrollWidth,
      client: s.clientWidth,
      bg: getComputedStyle(s).backgroundColor,
    };
  });
  expect(box.width).toBeLessThanOrEqual(320);
  expect(box.scroll).toBeLessThanOrEqual(box.client);
  expect(box.bg).toBe("rgb(17, 24, 39)");
});

test("the /widget demo page shows live widgets, the snippet, and passes axe", async ({ page }) => {
  await page.goto("/widget");
  await expect(page.getByRole("heading", { name: "Jobs widget for your website" })).toBeVisible();
  await expect(page.getByLabel("Embed snippet")).toContainText("/widget.js");
  // Other journeys add jobs to the shared e2e server: expect jobs, not a particular one.
  for (const id of ["#demo-default", "#demo-dark", "#demo-narrow"]) {
    await expect(page.locator(id).getByRole("listitem").first().getByRole("link")).toBeVisible();
    await expect(page.locator(id).getByRole("link", { name: /See all jobs/ })).toBeVisible();
  }
  await expectAccessible(page);
});
