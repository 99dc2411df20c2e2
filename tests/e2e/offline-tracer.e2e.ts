/**
 * A tracer survey answered on a bad connection, on a phone (Chromium, Pixel 7 viewport): the alumnus
 * opens the mailed invitation, answers half, loses the network and reloads — the answers come back
 * from the phone; they finish and submit offline — the queued notice; the network returns — exactly
 * one response on the server and no draft left. The same with two tabs submitting at once. Signing
 * out removes the drafts and the kept pages, and the next person on the same browser sees none.
 * Also: the service worker's headers, what it keeps (only the survey screen, per user) and what it
 * never keeps (/api answers, other signed-in pages).
 */
import { devices, expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { accounts, E2E_PASSWORD, login, waitForMail } from "./support";

const { defaultBrowserType: _ignored, ...pixel } = devices["Pixel 7"];
test.use(pixel);

const stamp = Date.now().toString(36);

async function adminToken(request: APIRequestContext) {
  const r = await request.post("/api/auth/login", {
    data: { email: accounts.admin.email, password: E2E_PASSWORD },
  });
  return (await r.json()).token as string;
}

async function newSurvey(request: APIRequestContext, token: string, title: string) {
  const created = await request.post("/api/surveys", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title,
      description: "Where are you now?",
      audience: "all",
      status: "active",
      questions: [
        {
          text: "Are you presently employed?",
          type: "multiple_choice",
          required: true,
          options: ["Yes, employed", "Not employed"],
        },
        { text: "Current job title", type: "short_text", required: true },
        { text: "How useful was your programme?", type: "rating", required: true },
        { text: "Anything else?", type: "long_text" },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json())._id as string;
}

async function responseCount(request: APIRequestContext, token: string, id: string) {
  const r = await request.get(`/api/surveys/${id}/responses`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(r.status()).toBe(200);
  const body = await r.json();
  return (Array.isArray(body) ? body : body.responses).length as number;
}

/** The drafts on this browser (IndexedDB `runway-offline`), read without creating the database. */
function drafts(page: Page) {
  return page.evaluate(async () => {
    const dbs = await indexedDB.databases();
    if (!dbs.some((d) => d.name === "runway-offline")) return [];
    return new Promise<Array<{ userId: string; surveyId: string; fields: string[][] }>>(
      (resolve, reject) => {
        const open = indexedDB.open("runway-offline");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("drafts")) return resolve([]);
          const all = db.transaction("drafts").objectStore("drafts").getAll();
          all.onsuccess = () => {
            resolve(all.result);
            db.close();
          };
        };
      },
    );
  });
}

/** The values of this browser's drafts (the last answer typed is saved a moment after typing). */
const draftValues = async (page: Page) =>
  (await drafts(page)).flatMap((d) => d.fields.map((f) => f[1]));

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

/** The page is controlled by the service worker and has told it who is signed in. */
async function workerReady(page: Page) {
  await expect
    .poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 15_000 })
    .toBe(true);
}

async function answerFirstHalf(page: Page) {
  await page.getByRole("radio", { name: "Yes, employed" }).check();
  await page.getByLabel(/Current job title/).fill("Aircraft maintenance technician");
}

async function answerSecondHalf(page: Page) {
  await page.locator(".survey-star").nth(3).click();
  await page.getByLabel(/Anything else/).fill("Answered from a hangar");
}

test("answers survive a lost network and a reload, a submission made offline is sent once when it returns", async ({
  browser,
  request,
}) => {
  test.slow();
  const token = await adminToken(request);
  // Each repeat of a run its own title, so the mail found is this repeat's.
  const title = `Offline tracer ${stamp}-${test.info().repeatEachIndex}`;
  const id = await newSurvey(request, token, title);
  const sent = await request.post(`/api/surveys/${id}/invitations`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {},
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  const mail = await waitForMail(accounts.alumni.email, (m) => m.subject.includes(title));
  const link = new URL(mail.text.match(/https?:\/\/\S+\?invite=\S+/)![0]);

  const context = await browser.newContext(pixel);
  const page = await context.newPage();
  await login(page, accounts.alumni.email);
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await workerReady(page);
  // The screen was kept for this user (the worker fetched it once it took over).
  await expect
    .poll(async () =>
      page.evaluate(async (path) => {
        for (const n of await caches.keys())
          if (n.startsWith("runway-user-") && (await (await caches.open(n)).match(path)))
            return true;
        return false;
      }, `/surveys/${id}`),
    )
    .toBe(true);

  await answerFirstHalf(page);
  await expect.poll(async () => (await drafts(page)).length).toBe(1);
  await expect.poll(() => draftValues(page)).toContain("Aircraft maintenance technician");

  // No network, a reload: the screen opens from the phone with the answers put back.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText(/Restored your answers from this phone, saved \d/)).toBeVisible();
  await expect(page.getByRole("radio", { name: "Yes, employed" })).toBeChecked();
  await expect(page.getByLabel(/Current job title/)).toHaveValue("Aircraft maintenance technician");

  await answerSecondHalf(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(
    page.getByText("Saved on this phone. It will be sent when you are back online."),
  ).toBeVisible();
  expect(await responseCount(request, token, id)).toBe(0);

  // The network returns: sent once, the draft gone.
  await context.setOffline(false);
  await expect(page.getByText("Thanks! Your response has been submitted.").first()).toBeVisible({
    timeout: 15_000,
  });
  await expect.poll(() => responseCount(request, token, id)).toBe(1);
  await expect.poll(async () => (await drafts(page)).length).toBe(0);
  const listed = await (
    await request.get(`/api/surveys/${id}/responses`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json();
  expect(JSON.stringify(listed)).toContain("Answered from a hangar");

  // Two tabs with the same draft submit at once (offline, then the network returns): one response.
  const id2 = await newSurvey(request, token, `Offline tracer two tabs ${stamp}`);
  const tab1 = await context.newPage();
  await tab1.goto(`/surveys/${id2}`);
  await workerReady(tab1);
  await answerFirstHalf(tab1);
  await answerSecondHalf(tab1);
  await expect.poll(async () => (await drafts(tab1)).length).toBe(1);
  await expect.poll(() => draftValues(tab1)).toContain("Answered from a hangar");
  // The race made certain: the second tab hears that the network is back 1.5 s after the first (a
  // tab in the background, a busy phone), and the service worker's own replays fail (its network
  // comes back last), so by then the first tab has sent the answers and removed the draft they
  // share, and nothing is left on the phone to send: the second must still learn what became of it.
  const tab2 = await context.newPage();
  await tab2.addInitScript(() => {
    const add = window.addEventListener.bind(window);
    const remove = window.removeEventListener.bind(window);
    const late = new Map<unknown, EventListener>();
    window.addEventListener = ((type: string, fn: EventListener, o?: AddEventListenerOptions) => {
      if (type !== "online" || typeof fn !== "function") return add(type, fn, o);
      const held: EventListener = (e) => void setTimeout(() => fn.call(window, e), 1500);
      late.set(fn, held);
      return add(type, held, o);
    }) as typeof window.addEventListener;
    window.removeEventListener = ((type: string, fn: EventListener, o?: EventListenerOptions) =>
      remove(
        type,
        (type === "online" && late.get(fn)) || fn,
        o,
      )) as typeof window.removeEventListener;
  });
  await tab2.goto(`/surveys/${id2}`);
  await expect(tab2.getByText(/Restored your answers from this phone/)).toBeVisible();
  await context.setOffline(true);
  await Promise.all([
    tab1.getByRole("button", { name: "Submit" }).click(),
    tab2.getByRole("button", { name: "Submit" }).click(),
  ]);
  for (const tab of [tab1, tab2])
    await expect(
      tab.getByText("Saved on this phone. It will be sent when you are back online."),
    ).toBeVisible();
  const replies = "**/api/surveys/*/responses";
  await context.route(replies, (r) =>
    r.request().serviceWorker() ? r.abort("internetdisconnected") : r.continue(),
  );
  await context.setOffline(false);
  for (const tab of [tab1, tab2])
    await expect(
      tab.getByText(/Thanks! Your response has been submitted\.|You have already answered/).first(),
    ).toBeVisible({ timeout: 15_000 });
  await context.unroute(replies);
  await expect.poll(() => responseCount(request, token, id2)).toBe(1);
  await expect.poll(async () => (await drafts(tab1)).length).toBe(0);
  await tab1.close();
  await tab2.close();

  // A draft left behind, then signing out: the drafts and this person's kept pages are gone.
  const id3 = await newSurvey(request, token, `Offline tracer sign-out ${stamp}`);
  await page.goto(`/surveys/${id3}`);
  await answerFirstHalf(page);
  await expect.poll(async () => (await drafts(page)).length).toBe(1);
  expect((await cacheNames(page)).some((n) => n.startsWith("runway-user-"))).toBe(true);
  // Signing out a moment after changing an answer, with the sign-out slow to come back: the save
  // still waiting for its delay must not write the draft back after the worker removed it.
  await page.evaluate(() => {
    const real = window.fetch;
    window.fetch = async (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (new URL(url, location.href).pathname === "/logout")
        await new Promise((r) => setTimeout(r, 1500));
      return real(input, init);
    };
  });
  await page.getByLabel(/Current job title/).fill("Line maintenance technician");
  await page.evaluate(() =>
    document.querySelector<HTMLFormElement>('form[action="/logout"]')!.requestSubmit(),
  );
  await page.waitForURL((u) => u.pathname === "/");
  await expect.poll(async () => (await drafts(page)).length).toBe(0);
  await expect
    .poll(async () => (await cacheNames(page)).filter((n) => n.startsWith("runway-user-")))
    .toEqual([]);

  // The next person on this browser: an empty form, nothing restored.
  await login(page, accounts.student.email);
  await page.goto(`/surveys/${id3}`);
  await expect(page.getByRole("heading", { name: /Offline tracer sign-out/ })).toBeVisible();
  await workerReady(page);
  await page.waitForTimeout(1000); // the device side has loaded and looked for a draft
  await expect(page.getByText(/Restored your answers/)).toHaveCount(0);
  await expect(page.getByRole("radio", { name: "Yes, employed" })).not.toBeChecked();
  await expect(page.getByLabel(/Current job title/)).toHaveValue("");
  expect(await drafts(page)).toEqual([]);
  await context.close();
});

test("the service worker and the manifest: headers, scope, and what is never kept", async ({
  browser,
  request,
}) => {
  const sw = await request.get("/sw.js");
  expect(sw.status()).toBe(200);
  expect(sw.headers()["service-worker-allowed"]).toBe("/");
  expect(sw.headers()["cache-control"]).toBe("no-cache");
  expect(sw.headers()["content-type"]).toMatch(/javascript/);
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.headers()["content-type"]).toMatch(/application\/manifest\+json/);
  const m = await manifest.json();
  expect(m.start_url).toBe("/dashboard");
  expect(m.icons.filter((i: { purpose: string }) => i.purpose === "maskable")).toHaveLength(2);
  for (const icon of m.icons) expect((await request.get(icon.src)).status()).toBe(200);

  const context = await browser.newContext(pixel);
  const page = await context.newPage();
  // The job board, signed out: kept publicly, and offline it shows the last copy with a notice.
  await page.goto("/jobs");
  await workerReady(page);
  await page.reload();
  await expect
    .poll(() =>
      page.evaluate(async () => !!(await (await caches.open("runway-public-v1")).match("/jobs"))),
    )
    .toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/Offline — last updated \d/)).toBeVisible({ timeout: 10_000 });
  await context.setOffline(false);

  // Signed in: the dashboard and the API are used, and none of them reaches any cache.
  await login(page, accounts.alumni.email);
  await page.goto("/dashboard");
  await page.evaluate(() => fetch("/api/auth/me").then((r) => r.text()));
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const n of await caches.keys()) {
      if (n.startsWith("runway-assets")) continue;
      for (const r of await (await caches.open(n)).keys()) urls.push(new URL(r.url).pathname);
    }
    return urls;
  });
  expect(kept.filter((u) => u.startsWith("/api/") || u === "/dashboard")).toEqual([]);
  // An offline signed-in page that was never kept: the worker's offline page, not the browser's error.
  await context.setOffline(true);
  await page.goto("/profile").catch(() => {});
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await context.close();
});
