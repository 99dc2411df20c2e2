/**
 * The server side of answering a tracer offline, against the built server on both databases: the
 * phone's outbox sends its answers with an `Idempotency-Key` (POST /api/surveys/{id}/responses and the
 * answering screen's form action), so retries and two tabs create one response; the answering screen
 * is the one signed-in page that may be kept privately (`private, no-cache`); /sw.js and
 * /manifest.webmanifest answer with their headers and pass the CSP.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { surveyResponses } from "../../db/schema";
import sharp from "sharp";
import { storeImage } from "../../app/models/file/file.server";
import { createCompany, createJob, createSurvey, createUser } from "../factories";
import { forEachDb, type TestDb } from "../setup/db";
import { useServer } from "../setup/http";

const key = () => `draft-${crypto.randomUUID()}`;

const responsesOf = async (t: TestDb, surveyId: string) =>
  (
    await t.handle.rows<{ n: number }>(
      sql`select count(*)::int as n from ${surveyResponses} where survey_id = ${surveyId}`,
    )
  )[0].n;

describe("offline tracer surveys over HTTP", () =>
  forEachDb((t) => {
    const app = useServer(t, { mail: false });

    async function setup() {
      const alumnus = await createUser(t.db, { role: "alumni" });
      const { survey, questions } = await createSurvey(t.db, {
        questions: [
          { text: "Employed?", type: "multiple_choice", required: true, options: ["Yes", "No"] },
          { text: "Job title", type: "short_text" },
        ],
      });
      const [mc, title] = questions;
      const answers = (employed: string) => ({
        answers: [
          { questionId: mc.id, type: "multiple_choice", label: "Employed?", value: employed },
          { questionId: title.id, type: "short_text", label: "Job title", value: "Technician" },
        ],
      });
      return { alumnus, survey, mc, title, answers };
    }

    it("answers a retried POST /api/surveys/{id}/responses with the first 201 and stores one response; another body under the key is a 422", async () => {
      const { alumnus, survey, answers } = await setup();
      const token = await app.token(alumnus.user.email, alumnus.password);
      const k = key();
      const path = `/api/surveys/${survey.id}/responses`;
      const first = await app.api(path, {
        token,
        body: answers("Yes"),
        headers: { "Idempotency-Key": k },
      });
      expect(first.status).toBe(201);
      const again = await app.api(path, {
        token,
        body: answers("Yes"),
        headers: { "Idempotency-Key": k },
      });
      expect(again.status).toBe(201);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.body).toEqual(first.body);
      const other = await app.api(path, {
        token,
        body: answers("No"),
        headers: { "Idempotency-Key": k },
      });
      expect(other.status).toBe(422);
      expect(other.body.message).toBe(
        "This Idempotency-Key was already used for a different request",
      );
      // Without the key the rule of one response per person still holds: 409.
      expect((await app.api(path, { token, body: answers("Yes") })).status).toBe(409);
      expect(await responsesOf(t, survey.id)).toBe(1);
    });

    it("two tabs sending the same draft at once create one response, and both get the 201", async () => {
      const { alumnus, survey, answers } = await setup();
      const cookie = await app.cookie(alumnus.user.email, alumnus.password);
      const k = key();
      const send = () =>
        app.api(`/api/surveys/${survey.id}/responses`, {
          cookie,
          body: answers("Yes"),
          headers: { "Idempotency-Key": k },
        });
      const both = await Promise.all([send(), send(), send()]);
      for (const r of both) expect(r.status).toBe(201);
      expect(both.filter((r) => r.headers.get("idempotent-replayed") === null)).toHaveLength(1);
      expect(await responsesOf(t, survey.id)).toBe(1);
    });

    it("a refusal the person can fix is not remembered: the corrected answers go through under the same key", async () => {
      const { alumnus, survey, mc, answers } = await setup();
      const token = await app.token(alumnus.user.email, alumnus.password);
      const k = key();
      const path = `/api/surveys/${survey.id}/responses`;
      const missing = await app.api(path, {
        token,
        body: { answers: answers("Yes").answers.filter((a) => a.questionId !== mc.id) },
        headers: { "Idempotency-Key": k },
      });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe("Please answer: Employed?");
      const fixed = await app.api(path, {
        token,
        body: answers("No"),
        headers: { "Idempotency-Key": k },
      });
      expect(fixed.status).toBe(201);
      expect(await responsesOf(t, survey.id)).toBe(1);
    });

    it("the screen's form action takes the key as a header or as the hidden field: a repeat answers as the first", async () => {
      const { alumnus, survey, mc, title } = await setup();
      const cookie = await app.cookie(alumnus.user.email, alumnus.password);
      const page = await app.fetch(`/surveys/${survey.id}`, { headers: { Cookie: cookie } });
      expect(page.status).toBe(200);
      // The answering screen may be kept on the person's device; other signed-in pages never.
      expect(page.headers.get("cache-control")).toBe("private, no-cache");
      const html = await page.text();
      const formKey = html.match(/name="idempotencyKey" value="([^"]+)"/)?.[1];
      expect(formKey).toBeTruthy();
      const other = await app.fetch(`/surveys/${survey.id}/responses`, {
        headers: { Cookie: cookie },
      });
      expect(other.headers.get("cache-control")).toBe("private, no-store");
      const dash = await app.fetch("/dashboard", { headers: { Cookie: cookie } });
      expect(dash.headers.get("cache-control")).toBe("private, no-store");

      const body = new URLSearchParams({
        [`q_${mc.id}`]: "Yes",
        [`q_${title.id}`]: "Technician",
        idempotencyKey: formKey!,
      });
      const post = (b: URLSearchParams, headers: Record<string, string> = {}) =>
        app.fetch(`/surveys/${survey.id}`, {
          method: "POST",
          body: b,
          headers: {
            Cookie: cookie,
            "Content-Type": "application/x-www-form-urlencoded",
            ...headers,
          },
        });
      const first = await post(body);
      expect(first.status).toBe(200);
      expect(await first.text()).toContain("Thanks! Your response has been submitted.");
      // Posted again (a retry after a lost answer): the same thanks, not 'already answered'.
      const again = await post(body);
      expect(again.status).toBe(200);
      expect(await again.text()).toContain("Thanks! Your response has been submitted.");
      // The same key with other answers: 422 with what to do.
      const changed = new URLSearchParams(body);
      changed.set(`q_${mc.id}`, "No");
      const refused = await post(changed);
      expect(refused.status).toBe(422);
      expect(await refused.text()).toContain("already submitted with different values");
      expect(await responsesOf(t, survey.id)).toBe(1);

      // A script posting the form sends the key as a header (a Remix data request).
      const other2 = await createUser(t.db, { role: "alumni" });
      const cookie2 = await app.cookie(other2.user.email, other2.password);
      const k = key();
      const noField = new URLSearchParams({ [`q_${mc.id}`]: "No" });
      const viaHeader = () =>
        app.fetch(`/surveys/${survey.id}?_data=${encodeURIComponent("routes/surveys+/$id")}`, {
          method: "POST",
          body: noField,
          headers: {
            Cookie: cookie2,
            "Content-Type": "application/x-www-form-urlencoded",
            "Idempotency-Key": k,
          },
        });
      const a = await viaHeader();
      const b = await viaHeader();
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(b.headers.get("idempotent-replayed")).toBe("true");
      expect(await b.json()).toEqual({
        ok: true,
        message: "Thanks! Your response has been submitted.",
      });
      expect(await responsesOf(t, survey.id)).toBe(2);
    });

    it("serves /sw.js (scope /, no-cache) and /manifest.webmanifest (installable, icons)", async () => {
      const sw = await app.fetch("/sw.js");
      expect(sw.status).toBe(200);
      expect(sw.headers.get("service-worker-allowed")).toBe("/");
      expect(sw.headers.get("cache-control")).toBe("no-cache");
      expect(sw.headers.get("content-type")).toMatch(/^application\/javascript|^text\/javascript/);
      const code = await sw.text();
      expect(code).toContain("/build/manifest-");
      const m = await app.fetch("/manifest.webmanifest");
      expect(m.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
      const manifest = await m.json();
      expect(manifest).toMatchObject({
        start_url: "/dashboard",
        display: "standalone",
        theme_color: "#0b1f3a",
      });
      expect(manifest.name).toContain("State Aeronautics College");
      const sizes = manifest.icons
        .filter((i: { purpose: string }) => i.purpose === "maskable")
        .map((i: { sizes: string }) => i.sizes);
      expect(sizes).toEqual(["192x192", "512x512"]);
      for (const icon of manifest.icons) {
        const r = await app.fetch(icon.src);
        expect(r.status).toBe(200);
        expect(r.headers.get("content-type")).toBe("image/png");
      }
      // Pages link the manifest and load the registration script, which the CSP allows ('self').
      const home = await app.fetch("/");
      const html = await home.text();
      expect(html).toContain('rel="manifest" href="/manifest.webmanifest"');
      expect(html).toMatch(/<script src="\/sw-register\.js" async=""/);
      expect(home.headers.get("content-security-policy")).toContain("script-src 'self'");
      expect((await app.fetch("/sw-register.js")).status).toBe(200);
    });

    it("Save-Data: on leaves company logos out of the job board's cards, and the board varies on it", async () => {
      const png = await sharp({
        create: { width: 64, height: 64, channels: 3, background: "#1d4ed8" },
      })
        .png()
        .toBuffer();
      const logo = await storeImage(t.db, png, { kind: "logo" });
      const company = await createCompany(t.db, { name: "Thrifty Aero", logoFileId: logo.id });
      await createJob(t.db, { title: "Light Data Ramp Agent", companyId: company.id });
      const full = await app.fetch("/jobs");
      const fullHtml = await full.text();
      expect(fullHtml).toContain("Light Data Ramp Agent");
      expect(fullHtml).toContain(`/files/${logo.id}`);
      expect(full.headers.get("vary")).toMatch(/\bSave-Data\b/);
      const light = await app.fetch("/jobs", { headers: { "Save-Data": "on" } });
      const lightHtml = await light.text();
      expect(lightHtml).toContain("Light Data Ramp Agent");
      expect(lightHtml).not.toContain(`src="/files/${logo.id}`);
      expect(lightHtml).toContain("company-logo-placeholder");
      // Another validator: a cache never hands the light page to a full one or back.
      expect(light.headers.get("etag")).not.toBe(full.headers.get("etag"));
    });
  }));
