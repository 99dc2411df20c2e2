/**
 * The college's original web client (Adrianne30/aerojob-frontend) against Runway, with the
 * requests it really sends: its logo upload (`uploadsAPI.uploadCompanyLogo`: axios on the API
 * base, multipart field `logo`, `Authorization: Bearer`, no cookies) from an origin listed in
 * API_CORS_ORIGINS gets CORS answers, preflight included; its search analytics
 * (`logSearchTerm`: a credentialed `fetch` with a JSON body and no token) and its links to Runway's
 * /jobs?q= count for the admins' "Most searched" chart. Another origin gets neither.
 */
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { createUser } from "../factories";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";

const CLIENT = "http://localhost:3000";
// Read by the built server on first use (each test file runs in its own process).
process.env.API_CORS_ORIGINS = CLIENT;
const UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
/** What Chromium adds to a script's cross-site request from the client's page. */
const fromClient = (origin = CLIENT) => ({
  Origin: origin,
  Referer: `${origin}/`,
  "Sec-Fetch-Site": "cross-site",
  "Sec-Fetch-Mode": "cors",
  "Sec-Fetch-Dest": "empty",
  "User-Agent": UA,
});

describe("the original web client", () => {
  forEachDb((t) => {
    const app = useServer(t, { mail: false });
    let n = 0;
    const admin = async () => {
      const { user, password } = await createUser(t.db, { role: "admin" });
      return app.token(user.email, password);
    };
    const topTerms = async (token: string) =>
      (await app.api("/api/admin/stats", { token })).body.topSearches.map(
        (s: { term: string }) => s.term,
      );

    it("uploads a logo from its origin: preflight and answer carry CORS headers", async () => {
      const pre = await app.fetch("/upload/logo", {
        method: "OPTIONS",
        headers: {
          ...fromClient(),
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "authorization",
        },
      });
      expect(pre.status).toBe(204);
      expect(pre.headers.get("access-control-allow-origin")).toBe(CLIENT);
      expect(pre.headers.get("access-control-allow-methods")).toContain("POST");
      expect(pre.headers.get("access-control-allow-headers")).toMatch(/authorization/i);

      const token = await admin();
      const png = await sharp({
        create: { width: 80, height: 40, channels: 3, background: "#0a3d62" },
      })
        .png()
        .toBuffer();
      const upload = async (origin: string) => {
        const form = new FormData();
        form.append("logo", new Blob([new Uint8Array(png)], { type: "image/png" }), "logo.png");
        return app.fetch("/upload/logo", {
          method: "POST",
          body: form,
          headers: { ...fromClient(origin), Authorization: `Bearer ${token}` },
        });
      };
      const ok = await upload(CLIENT);
      expect(ok.status).toBe(201);
      expect(ok.headers.get("access-control-allow-origin")).toBe(CLIENT);
      expect((await ok.json()).url).toMatch(/^\/files\//);
      // An error answers the client readably too.
      const form = new FormData();
      form.append("logo", new Blob(["not an image"], { type: "image/png" }), "logo.png");
      const bad = await app.fetch("/upload/logo", {
        method: "POST",
        body: form,
        headers: { ...fromClient(), Authorization: `Bearer ${token}` },
      });
      expect(bad.status).toBeGreaterThanOrEqual(400);
      expect(bad.headers.get("access-control-allow-origin")).toBe(CLIENT);
      // Another origin gets no CORS answer.
      const foreignPre = await app.fetch("/upload/logo", {
        method: "OPTIONS",
        headers: { ...fromClient("https://evil.example"), "Access-Control-Request-Method": "POST" },
      });
      expect(foreignPre.headers.get("access-control-allow-origin")).toBeNull();
    });

    it("its searches count in Most searched: the analytics call and a link to /jobs?q=", async () => {
      const token = await admin();
      const pre = await app.fetch("/api/analytics/search", {
        method: "OPTIONS",
        headers: {
          ...fromClient(),
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "content-type",
        },
      });
      expect(pre.headers.get("access-control-allow-origin")).toBe(CLIENT);
      expect(pre.headers.get("access-control-allow-credentials")).toBe("true");
      // JobSearch.js logSearchTerm: fetch(…, {credentials: "include", JSON body}), no token.
      const logged = await app.fetch("/api/analytics/search", {
        method: "POST",
        headers: {
          ...fromClient(),
          "Content-Type": "application/json",
          "X-Forwarded-For": `198.51.100.${++n}`,
        },
        body: JSON.stringify({ term: "avionics technician" }),
      });
      expect(logged.status).toBe(200);
      expect(await logged.json()).toEqual({ recorded: true, term: "avionics technician" });
      // A student following the client's link to Runway's board, searching there.
      const board = await app.fetch("/jobs?q=ramp%20agent", {
        headers: {
          "User-Agent": UA,
          Referer: `${CLIENT}/jobs`,
          "Sec-Fetch-Site": "cross-site",
          "Sec-Fetch-Mode": "navigate",
          "Sec-Fetch-Dest": "document",
          "X-Forwarded-For": `198.51.100.${++n}`,
        },
      });
      expect(board.status).toBe(200);
      // A page elsewhere linking to the board with a term does not count.
      await app.fetch("/jobs?q=stuffed%20term", {
        headers: {
          "User-Agent": UA,
          Referer: "https://evil.example/",
          "Sec-Fetch-Site": "cross-site",
          "Sec-Fetch-Mode": "navigate",
          "X-Forwarded-For": `198.51.100.${++n}`,
        },
      });
      const terms = await topTerms(token);
      expect(terms).toEqual(expect.arrayContaining(["avionics technician", "ramp agent"]));
      expect(terms).not.toContain("stuffed term");
    });
  });
});
