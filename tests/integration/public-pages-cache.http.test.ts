/**
 * The public pages' caching over HTTP: /robots.txt, ETag/304 and Cache-Control of the anonymous job screens, private
 * answers for signed-in visitors, and the width variants of stored images (/files/{id}?w=).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { forEachDb, type TestDb } from "../setup/db";
import { useServer } from "../setup/http";
import { createCompany, createJob, createSurvey, createUser, DEFAULT_PASSWORD } from "../factories";
import { env } from "../../app/lib/env.server";
import { storeImage } from "../../app/models/file/file.server";

async function board(t: TestDb) {
  const png = await sharp({
    create: { width: 600, height: 300, channels: 3, background: "#1d4ed8" },
  })
    .png()
    .toBuffer();
  const logo = await storeImage(t.db, png, { kind: "logo" });
  const company = await createCompany(t.db, { name: "Cache Aero", logoFileId: logo.id });
  const job = await createJob(t.db, { title: "Cacheable Ramp Agent", companyId: company.id });
  return { logo, company, job };
}

describe("public pages: robots, caching, image variants", () => {
  forEachDb((t) => {
    const app = useServer(t, { mail: false });

    it("GET /robots.txt allows the board, disallows admin and API paths, names the sitemap", async () => {
      const r = await app.fetch("/robots.txt");
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toMatch(/^text\/plain/);
      const lines = (await r.text()).split("\n");
      expect(lines).toContain("User-agent: *");
      expect(lines).toContain("Allow: /jobs");
      expect(lines).toContain("Disallow: /admin");
      expect(lines).toContain("Disallow: /api/");
      expect(lines).not.toContain("Disallow: /jobs");
      expect(lines).toContain(`Sitemap: ${env().PUBLIC_URL}/sitemap.xml`);
    });

    it("browser assets go out precompressed: brotli when accepted, else gzip, else plain; cached for a year", async () => {
      const dir = path.join(process.cwd(), "public", "build", "_shared");
      // The largest chunk (React DOM), which `npm run build` precompressed.
      const [name] = fs
        .readdirSync(dir)
        .filter((f) => f.endsWith(".js"))
        .sort((a, b) => fs.statSync(path.join(dir, b)).size - fs.statSync(path.join(dir, a)).size);
      const file = path.join(dir, name!);
      const plain = fs.readFileSync(file);
      for (const [accept, encoding, stored] of [
        ["br, gzip, deflate", "br", `${file}.br`],
        ["gzip, deflate", "gzip", `${file}.gz`],
        ["identity", null, file],
      ] as const) {
        const r = await app.fetch(`/build/_shared/${name}`, {
          headers: { "accept-encoding": accept },
        });
        expect(r.status, accept).toBe(200);
        expect(r.headers.get("content-encoding"), accept).toBe(encoding);
        expect(Number(r.headers.get("content-length")), accept).toBe(fs.statSync(stored).size);
        expect(r.headers.get("vary"), accept).toMatch(/Accept-Encoding/i);
        expect(r.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(r.headers.get("content-type")).toMatch(/^text\/javascript/);
        // fetch decodes what it asked for: the same bytes as the file, whatever the encoding.
        expect(Buffer.from(await r.arrayBuffer()).equals(plain), accept).toBe(true);
      }
      expect(fs.statSync(`${file}.br`).size).toBeLessThan(fs.statSync(`${file}.gz`).size);
    });

    it("every page of the Lighthouse list has a title and its own meta description, signed in or not", async () => {
      const { job } = await board(t);
      const { survey } = await createSurvey(t.db);
      const { user } = await createUser(t.db, { role: "student" });
      const cookie = await app.cookie(user.email, DEFAULT_PASSWORD);
      const pages: [string, string | undefined][] = [
        ["/", undefined],
        ["/jobs", undefined],
        [`/jobs/${job.id}`, undefined],
        ["/login", undefined],
        ["/register", undefined],
        ["/dashboard", cookie],
        ["/profile", cookie],
        [`/surveys/${survey.id}`, cookie],
      ];
      for (const [path, c] of pages) {
        const r = await app.fetch(path, c ? { headers: { cookie: c } } : {});
        expect(r.status, path).toBe(200);
        const html = await r.text();
        expect(html, path).toMatch(/<title>[^<]+<\/title>/);
        const descriptions = html.match(/<meta name="description" content="[^"]{20,}"/g) ?? [];
        expect(descriptions, path).toHaveLength(1);
      }
    });

    for (const [name, path] of [
      ["the board", (_b: Awaited<ReturnType<typeof board>>) => `/jobs`],
      ["a job page", (b: Awaited<ReturnType<typeof board>>) => `/jobs/${b.job.id}`],
    ] as const) {
      it(`anonymous GET of ${name}: ETag, public revalidation, 304 when unchanged`, async () => {
        const b = await board(t);
        const first = await app.fetch(path(b));
        expect(first.status).toBe(200);
        const etag = first.headers.get("etag");
        expect(etag).toMatch(/^W\/".+"$/);
        expect(first.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
        expect(first.headers.get("vary")).toMatch(/\bCookie\b/);
        expect(await first.text()).toContain("Cacheable Ramp Agent");

        // A second render (new CSP nonce, new clock) has the same tag.
        const again = await app.fetch(path(b));
        expect(again.headers.get("etag")).toBe(etag);
        await again.text();

        const cached = await app.fetch(path(b), { headers: { "If-None-Match": etag! } });
        expect(cached.status).toBe(304);
        expect(await cached.text()).toBe("");
        expect(cached.headers.get("etag")).toBe(etag);
        // No fresh CSP nonce over the cached page's one.
        expect(cached.headers.get("content-security-policy")).toBeNull();

        const stale = await app.fetch(path(b), { headers: { "If-None-Match": 'W/"other"' } });
        expect(stale.status).toBe(200);
        await stale.text();
      });
    }

    it("the tag changes when the page does", async () => {
      const b = await board(t);
      const before = await app.fetch("/jobs");
      await before.text();
      await createJob(t.db, { title: "A Newer Job", companyId: b.company.id });
      const after = await app.fetch("/jobs", {
        headers: { "If-None-Match": before.headers.get("etag")! },
      });
      expect(after.status).toBe(200);
      expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
      expect(await after.text()).toContain("A Newer Job");
    });

    it("signed-in answers stay private: no ETag, no 304, Vary: Cookie", async () => {
      const b = await board(t);
      const { user } = await createUser(t.db, { role: "student" });
      const cookie = await app.cookie(user.email, DEFAULT_PASSWORD);
      const anon = await app.fetch(`/jobs/${b.job.id}`);
      const etag = anon.headers.get("etag")!;
      await anon.text();
      for (const path of ["/jobs", `/jobs/${b.job.id}`]) {
        const r = await app.fetch(path, { headers: { Cookie: cookie, "If-None-Match": etag } });
        expect(r.status).toBe(200);
        expect(r.headers.get("cache-control")).toBe("private, no-store");
        expect(r.headers.get("etag")).toBeNull();
        expect(r.headers.get("vary")).toMatch(/\bCookie\b/);
        await r.text();
        const data = await app.fetch(
          `${path}?_data=${encodeURIComponent(`routes/jobs+/${path === "/jobs" ? "_index" : "$id"}`)}`,
          {
            headers: { Cookie: cookie },
          },
        );
        expect(data.status).toBe(200);
        expect(data.headers.get("cache-control")).toBe("private, no-store");
        expect(data.headers.get("vary")).toMatch(/\bCookie\b/);
        await data.text();
      }
    });

    it("other pages are not given a shared cache policy", async () => {
      for (const path of ["/", "/login"]) {
        const r = await app.fetch(path);
        expect(r.headers.get("etag")).toBeNull();
        expect(r.headers.get("cache-control") ?? "").not.toMatch(/public/);
        await r.text();
      }
    });

    it("/files/{id}?w= answers the image in that width; unknown widths are a 400", async () => {
      const { logo } = await board(t);
      const full = await app.fetch(`/files/${logo.id}`);
      const fullBytes = Buffer.from(await full.arrayBuffer());
      expect((await sharp(fullBytes).metadata()).width).toBe(512);

      const r = await app.fetch(`/files/${logo.id}?w=96`);
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toBe("image/webp");
      expect(r.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await r.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.width).toBe(96);
      expect(meta.height).toBe(48); // the logo keeps its 2:1 shape
      expect(bytes.length).toBeLessThan(fullBytes.length);
      const etag = r.headers.get("etag")!;
      expect(etag).not.toBe(full.headers.get("etag"));
      const again = await app.fetch(`/files/${logo.id}?w=96`, {
        headers: { "If-None-Match": etag },
      });
      expect(again.status).toBe(304);

      for (const w of ["95", "0", "abc", "100000", "-1"]) {
        const bad = await app.fetch(`/files/${logo.id}?w=${w}`);
        expect(bad.status, w).toBe(400);
        await bad.text();
      }
    });

    it("job cards and the job page ask for the logo in the size shown, with srcset and size", async () => {
      const b = await board(t);
      for (const [path, size] of [
        ["/jobs", 48],
        [`/jobs/${b.job.id}`, 64],
      ] as const) {
        const html = await (await app.fetch(path)).text();
        const img = html.match(new RegExp(`<img[^>]*/files/${b.logo.id}[^>]*>`))?.[0] ?? "";
        expect(img, path).toContain(`src="/files/${b.logo.id}?w=${size}"`);
        expect(img).toContain(
          `srcSet="/files/${b.logo.id}?w=${size} 1x, /files/${b.logo.id}?w=${size * 2} 2x"`,
        );
        expect(img).toContain(`width="${size}"`);
        expect(img).toContain(`height="${size}"`);
      }
    });
  });
});
