/**
 * The public job feeds over HTTP: the widget's JSON contract (only approved active jobs, CORS,
 * caching with ETag/304, limit clamping, 400s, rate limit), RSS 2.0, JSON Feed and the sitemap.
 */
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { forEachDb, type TestDb } from "../setup/db";
import { useServer } from "../setup/http";
import { createCompany, createJob } from "../factories";
import { env } from "../../app/lib/env.server";
import { storeImage } from "../../app/models/file/file.server";
import { etagMatches, widgetCorsHeaders } from "../../app/lib/feed-http.server";
import { xmlEscape } from "../../app/models/job/feed.server";

const base = () => env().PUBLIC_URL;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function board(t: TestDb) {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
  const logo = await storeImage(t.db, png, { kind: "logo" });
  const c = await createCompany(t.db, { name: "Clark Aero & Sons <Ltd>", logoFileId: logo.id });
  const visible = [];
  for (let i = 0; i < 8; i++)
    visible.push(
      await createJob(t.db, {
        title: `Aero Technician ${i}`,
        companyId: c.id,
        jobType: i % 2 ? "ojt" : "internship",
        categories: ["Maintenance"],
        createdAt: minutesAgo(i),
      }),
    );
  const hidden = [
    await createJob(t.db, { title: "Hidden Pending Aero", companyId: c.id, isApproved: false }),
    await createJob(t.db, { title: "Hidden Inactive Aero", companyId: c.id, status: "inactive" }),
    await createJob(t.db, { title: "Hidden Closed Aero", companyId: c.id, status: "closed" }),
    await createJob(t.db, { title: "Hidden Draft Aero", companyId: c.id, status: "draft" }),
  ];
  return { company: c, logo, visible, hidden };
}

describe("public job feeds", () => {
  forEachDb((t) => {
    const app = useServer(t, { mail: false });

    describe("GET /api/public/jobs", () => {
      it("answers the widget's contract exactly, with approved active jobs only", async () => {
        const b = await board(t);
        const r = await app.api("/api/public/jobs?q=aero&type=internship");
        expect(r.status).toBe(200);
        expect(Object.keys(r.body).sort()).toEqual(["jobs", "seeAllUrl", "total"]);
        expect(r.body.total).toBe(4);
        expect(r.body.seeAllUrl).toBe(`${base()}/jobs?q=aero&type=internship`);
        expect(r.body.jobs).toHaveLength(4);
        const first = r.body.jobs[0];
        expect(Object.keys(first).sort()).toEqual([
          "allowance",
          "applicationDeadline",
          "categories",
          "company",
          "id",
          "jobType",
          "licences",
          "location",
          "medicalClass",
          "ojtHours",
          "postedAt",
          "salaryAmount",
          "salaryCurrency",
          "salaryPeriod",
          "shift",
          "title",
          "url",
        ]);
        expect(first).toEqual({
          id: b.visible[0].id,
          title: "Aero Technician 0",
          company: { name: "Clark Aero & Sons <Ltd>", logoUrl: `${base()}/files/${b.logo.id}` },
          location: "Manila",
          jobType: "internship",
          categories: ["Maintenance"],
          postedAt: new Date(b.visible[0].createdAt).toISOString(),
          applicationDeadline: null,
          url: `${base()}/jobs/${b.visible[0].id}`,
          licences: [],
          ojtHours: null,
          shift: null,
          medicalClass: null,
          salaryAmount: null,
          salaryCurrency: "PHP",
          salaryPeriod: null,
          allowance: null,
        });
        const all = await app.api("/api/public/jobs?limit=50");
        expect(all.body.total).toBe(8);
        const text = JSON.stringify(all.body);
        for (const h of b.hidden) expect(text).not.toContain(h.id);
        expect(text).not.toContain("isApproved");
        expect(text).not.toContain("description");
        // Absolute URLs come from PUBLIC_URL, never from the request's Host.
        const spoofed = await app.api("/api/public/jobs", {
          headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example" },
        });
        expect(JSON.stringify(spoofed.body)).not.toContain("evil.example");
      });

      it("defaults to 5 jobs and clamps limit to 1..50; bad parameters are 400 with a message", async () => {
        await board(t);
        for (let i = 0; i < 50; i++) await createJob(t.db, { title: `Filler ${i}` });
        const n = async (qs: string) => (await app.api(`/api/public/jobs${qs}`)).body.jobs.length;
        expect(await n("")).toBe(5);
        expect(await n("?limit=0")).toBe(1);
        expect(await n("?limit=1")).toBe(1);
        expect(await n("?limit=1000")).toBe(50);
        expect(await n("?limit=")).toBe(5);
        for (const qs of [
          "limit=abc",
          "limit=-1",
          "limit=2.5",
          "type=gig",
          "type=<script>",
          `q=${"a".repeat(201)}`,
          `category=${"c".repeat(101)}`,
        ]) {
          const r = await app.api(`/api/public/jobs?${qs}`);
          expect(r.status, qs).toBe(400);
          expect(typeof r.body.message).toBe("string");
          expect(r.headers.get("access-control-allow-origin")).toBe("*");
        }
        expect((await app.api("/api/public/jobs?unknown=1&_=123")).status).toBe(200);
      });

      it("allows any origin without credentials, is cacheable, and revalidates with an ETag (304)", async () => {
        const b = await board(t);
        const r = await app.fetch("/api/public/jobs?limit=3", {
          headers: { Origin: "https://www.college.example" },
        });
        expect(r.status).toBe(200);
        expect(r.headers.get("access-control-allow-origin")).toBe("*");
        expect(r.headers.get("access-control-allow-credentials")).toBeNull();
        expect(r.headers.get("cache-control")).toBe("public, max-age=60");
        const etag = r.headers.get("etag")!;
        expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
        const again = await app.fetch("/api/public/jobs?limit=3", {
          headers: { "If-None-Match": etag },
        });
        expect(again.status).toBe(304);
        expect(await again.text()).toBe("");
        expect(again.headers.get("etag")).toBe(etag);
        expect(again.headers.get("access-control-allow-origin")).toBe("*");
        expect(
          (
            await app.fetch("/api/public/jobs?limit=3", {
              headers: { "If-None-Match": `"other", ${etag}` },
            })
          ).status,
        ).toBe(304);
        expect(
          (await app.fetch("/api/public/jobs?limit=3", { headers: { "If-None-Match": '"stale"' } }))
            .status,
        ).toBe(200);
        await createJob(t.db, { title: "Brand New Aero", companyId: b.company.id });
        const changed = await app.fetch("/api/public/jobs?limit=3", {
          headers: { "If-None-Match": etag },
        });
        expect(changed.status).toBe(200);
        expect(changed.headers.get("etag")).not.toBe(etag);
        const pre = await app.fetch("/api/public/jobs", {
          method: "OPTIONS",
          headers: { Origin: "https://x.example", "Access-Control-Request-Method": "GET" },
        });
        expect(pre.status).toBe(204);
        expect(pre.headers.get("access-control-allow-origin")).toBe("*");
        expect((await app.fetch("/api/public/jobs", { method: "POST" })).status).toBe(405);
      });

      it("limits each client to 120 requests a minute (429 with Retry-After)", async () => {
        await createJob(t.db);
        const statuses: number[] = [];
        for (let i = 0; i < 121; i++)
          statuses.push((await app.fetch("/api/public/jobs?limit=1")).status);
        expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
        const last = await app.fetch("/api/public/jobs?limit=1");
        expect(statuses[120]).toBe(429);
        expect(last.status).toBe(429);
        expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
        expect((await last.json()).message).toMatch(/too many/i);
      });
    });

    describe("RSS, JSON Feed, sitemap", () => {
      it("publishes RSS 2.0 of the public jobs, escaped, cacheable, filterable", async () => {
        const b = await board(t);
        const r = await app.fetch("/jobs/feed.xml");
        expect(r.status).toBe(200);
        expect(r.headers.get("content-type")).toMatch(/^application\/rss\+xml/);
        const xml = await r.text();
        expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
        expect(xml.match(/<item>/g)).toHaveLength(8);
        expect(xml).toContain(`<link>${base()}/jobs/${b.visible[0].id}</link>`);
        expect(xml).toContain("Clark Aero &amp; Sons &lt;Ltd&gt;");
        expect(xml).not.toContain("<Ltd>");
        for (const h of b.hidden) expect(xml).not.toContain(h.id);
        const tag = r.headers.get("etag")!;
        expect(
          (await app.fetch("/jobs/feed.xml", { headers: { "If-None-Match": tag } })).status,
        ).toBe(304);
        const ojt = await (await app.fetch("/jobs/feed.xml?type=ojt&limit=2")).text();
        expect(ojt.match(/<item>/g)).toHaveLength(2);
        expect((await app.fetch("/jobs/feed.xml?type=gig")).status).toBe(400);
      });

      it("sends employer text in an RSS description as plain text that no reader renders", async () => {
        const c = await createCompany(t.db, { name: "Markup Air" });
        await createJob(t.db, {
          title: "Ramp Agent",
          companyId: c.id,
          shortDescription: null,
          description:
            '<img src=x onerror="alert(1)"><b>Night shifts</b> & weekends <script>alert(2)</script><!-- x --> <a href="https://evil.example">apply here</a> <iframe src=//evil.example',
        });
        const xml = await (await app.fetch("/jobs/feed.xml")).text();
        const raw = /<item>[\s\S]*?<description>([\s\S]*?)<\/description>/.exec(xml)![1];
        // What a reader gets after reading the XML: HTML it would render.
        const html = raw
          .replace(/&lt;/g, "<")
          .replace(/&gt;/g, ">")
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'")
          .replace(/&amp;/g, "&");
        expect(html).not.toMatch(/<[a-z!/]/i);
        expect(html).toContain("Night shifts &amp; weekends");
        expect(html).toContain("apply here");
        expect(html).not.toContain("alert(2)");
        expect(html).not.toContain("onerror");
      });

      it("publishes a JSON Feed 1.1 of the same jobs", async () => {
        const b = await board(t);
        const r = await app.fetch("/jobs/feed.json");
        expect(r.headers.get("content-type")).toMatch(/^application\/feed\+json/);
        const feed = await r.json();
        expect(feed.version).toBe("https://jsonfeed.org/version/1.1");
        expect(feed.feed_url).toBe(`${base()}/jobs/feed.json`);
        expect(feed.items).toHaveLength(8);
        expect(feed.items[0]).toMatchObject({
          url: `${base()}/jobs/${b.visible[0].id}`,
          title: "Aero Technician 0 — Clark Aero & Sons <Ltd>",
          image: `${base()}/files/${b.logo.id}`,
        });
        expect(JSON.stringify(feed)).not.toContain("Hidden");
      });

      it("lists the landing page, the board and the public job pages in sitemap.xml", async () => {
        const b = await board(t);
        const r = await app.fetch("/sitemap.xml");
        expect(r.status).toBe(200);
        expect(r.headers.get("content-type")).toMatch(/^application\/xml/);
        const xml = await r.text();
        expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
        expect(xml).toContain(`<loc>${base()}/</loc>`);
        expect(xml).toContain(`<loc>${base()}/jobs</loc>`);
        for (const v of b.visible) expect(xml).toContain(`<loc>${base()}/jobs/${v.id}</loc>`);
        for (const h of b.hidden) expect(xml).not.toContain(h.id);
        expect(xml).toContain(`<loc>${base()}/stay-safe</loc>`);
        expect(xml.match(/<url>/g)).toHaveLength(11);
      });
    });
  });
});

describe("feed helpers", () => {
  it("echoes only listed widget origins (with Vary), and * when configured so", () => {
    const req = (origin?: string) =>
      new Request("http://x/api/public/jobs", { headers: origin ? { Origin: origin } : {} });
    expect(widgetCorsHeaders(req("https://a.example"), "*")).toEqual({
      "Access-Control-Allow-Origin": "*",
    });
    expect(widgetCorsHeaders(req("https://a.example"), ["https://a.example"])).toEqual({
      "Access-Control-Allow-Origin": "https://a.example",
      Vary: "Origin",
    });
    expect(widgetCorsHeaders(req("https://b.example"), ["https://a.example"])).toEqual({
      Vary: "Origin",
    });
    expect(widgetCorsHeaders(req(), ["https://a.example"])).toEqual({ Vary: "Origin" });
  });

  it("compares ETags weakly and escapes XML", () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches("*", 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(null, 'W/"abc"')).toBe(false);
    expect(xmlEscape(`<a href="x">'&'\u0001</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;",
    );
  });
});
