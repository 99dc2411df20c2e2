/**
 * Idempotency-Key over HTTP: a retried create does not create twice, on /api
 * (header) and on the create screens (hidden field), against the built server on both databases.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, idempotencyKeys, jobs, users } from "../../db/schema";
import { jsonFingerprint, purgeIdempotencyKeys } from "../../app/web/idempotency.server";
import { createCompany, createUser } from "../factories";
import { forEachDb, type TestDb } from "../setup/db";
import { useServer } from "../setup/http";

const count = async (
  t: TestDb,
  table: typeof jobs | typeof companies | typeof users | typeof idempotencyKeys,
) => (await t.handle.rows<{ n: number }>(sql`select count(*)::int as n from ${table}`))[0].n;

const key = () => `key-${crypto.randomUUID()}`;

describe("Idempotency-Key", () => {
  forEachDb((t) => {
    const app = useServer(t, { mail: false });

    async function admin() {
      const a = await createUser(t.db, { role: "admin" });
      return { ...a, token: await app.token(a.user.email, a.password) };
    }

    describe("on /api", () => {
      it("answers a retried POST /api/jobs with the first answer and creates one job", async () => {
        const { token } = await admin();
        const company = await createCompany(t.db);
        const k = key();
        const body = { title: "Line Maintenance Trainee", company: company.id, location: "Pasay" };
        const first = await app.api("/api/jobs", {
          token,
          body,
          headers: { "Idempotency-Key": k },
        });
        expect(first.status).toBe(201);
        expect(first.headers.get("idempotent-replayed")).toBeNull();
        // The same request again, with the keys in another order and other spacing: the same request.
        const again = await app.api("/api/jobs", {
          token,
          body: JSON.stringify(
            { location: "Pasay", company: company.id, title: "Line Maintenance Trainee" },
            null,
            2,
          ),
          headers: { "Idempotency-Key": `"${k}"` },
        });
        expect(again.status).toBe(201);
        expect(again.headers.get("idempotent-replayed")).toBe("true");
        expect(again.headers.get("content-type")).toMatch(/application\/json/);
        expect(again.body).toEqual(first.body);
        expect(await count(t, jobs)).toBe(1);
        // Without a key nothing changes: each POST creates.
        expect((await app.api("/api/jobs", { token, body })).status).toBe(201);
        expect((await app.api("/api/jobs", { token, body })).status).toBe(201);
        expect(await count(t, jobs)).toBe(3);
      });

      it("refuses the same key with a different body (422) and across endpoints, and keeps the first", async () => {
        const { token } = await admin();
        const k = key();
        const first = await app.api("/api/companies", {
          token,
          body: { name: "Cebu Air Parts" },
          headers: { "Idempotency-Key": k },
        });
        expect(first.status).toBe(201);
        const other = await app.api("/api/companies", {
          token,
          body: { name: "Davao Wings" },
          headers: { "Idempotency-Key": k },
        });
        expect(other.status).toBe(422);
        expect(other.body).toEqual({
          message: "This Idempotency-Key was already used for a different request",
        });
        const elsewhere = await app.api("/api/jobs", {
          token,
          body: { name: "Cebu Air Parts" },
          headers: { "Idempotency-Key": k },
        });
        expect(elsewhere.status).toBe(422);
        expect(await count(t, companies)).toBe(1);
        const replay = await app.api("/api/companies", {
          token,
          body: { name: "Cebu Air Parts" },
          headers: { "Idempotency-Key": k },
        });
        expect(replay.body).toEqual(first.body);
      });

      it("keeps each user's keys apart", async () => {
        const a = await admin();
        const b = await admin();
        const k = key();
        const ra = await app.api("/api/companies", {
          token: a.token,
          body: { name: "Iloilo Avionics" },
          headers: { "Idempotency-Key": k },
        });
        const rb = await app.api("/api/companies", {
          token: b.token,
          body: { name: "Iloilo Avionics 2" },
          headers: { "Idempotency-Key": k },
        });
        expect([ra.status, rb.status]).toEqual([201, 201]);
        expect(rb.headers.get("idempotent-replayed")).toBeNull();
        expect(rb.body._id).not.toBe(ra.body._id);
        expect(await count(t, companies)).toBe(2);
      });

      it("creates once when two requests with one key arrive together", async () => {
        const { token } = await admin();
        const k = key();
        const body = {
          userType: "alumni",
          firstName: "Rosa",
          lastName: "Reyes",
          email: `rosa.${Date.now()}@example.edu`,
          password: "secret-pass-42",
        };
        const before = await count(t, users);
        const answers = await Promise.all(
          Array.from({ length: 4 }, () =>
            app.api("/api/admin/users", { token, body, headers: { "Idempotency-Key": k } }),
          ),
        );
        expect(await count(t, users)).toBe(before + 1);
        const created = answers.filter((r) => r.status === 201);
        // Every request gets the first answer, or (had the first run past 5 s) 409 'in progress'.
        for (const r of answers) expect([201, 409]).toContain(r.status);
        expect(created.length).toBeGreaterThanOrEqual(1);
        expect(new Set(created.map((r) => r.body._id)).size).toBe(1);
        expect(created.filter((r) => r.headers.get("idempotent-replayed") === null)).toHaveLength(
          1,
        );
      });

      it("checks the key: 400 for a bad one, before anything is created", async () => {
        const { token } = await admin();
        const before = await count(t, companies);
        for (const bad of [
          "short",
          "x".repeat(256),
          "has space inside",
          "ünïcödé-key-123",
          "key\twith-tab",
          '"unbalanced-key',
        ]) {
          const r = await app.api("/api/companies", {
            token,
            body: { name: `Bad Key ${Math.random()}` },
            headers: { "Idempotency-Key": bad },
          });
          expect(r.status, JSON.stringify(bad)).toBe(400);
          expect(r.body.message).toMatch(/^Idempotency-Key must be 8 to 255 characters/);
        }
        expect(await count(t, companies)).toBe(before);
        // Auth still comes first: no key row for a caller who may not create.
        const student = await createUser(t.db, { role: "student" });
        const st = await app.token(student.user.email, student.password);
        expect(
          (
            await app.api("/api/companies", {
              token: st,
              body: { name: "X" },
              headers: { "Idempotency-Key": key() },
            })
          ).status,
        ).toBe(403);
        expect(await count(t, idempotencyKeys)).toBe(0);
      });

      it("does not remember failures, so a corrected retry may reuse the key", async () => {
        const { token } = await admin();
        const k = key();
        const bad = await app.api("/api/companies", {
          token,
          body: { name: "" },
          headers: { "Idempotency-Key": k },
        });
        expect(bad.status).toBe(400);
        expect(await count(t, idempotencyKeys)).toBe(0);
        const good = await app.api("/api/companies", {
          token,
          body: { name: "Baguio Flight Supply" },
          headers: { "Idempotency-Key": k },
        });
        expect(good.status).toBe(201);
        expect(good.headers.get("idempotent-replayed")).toBeNull();
      });

      it("answers 409 while the first request is still running, and lets a retry take over a dead one", async () => {
        const a = await admin();
        const k = key();
        const body = { name: "Clark Aero Hangar" };
        // A first request that is still running (or died) holds the key: simulate its row.
        await t.db.execute(
          sql`insert into idempotency_keys (user_id, key, fingerprint, lock_token, locked_until)
              values (${a.user.id}, ${k}, ${"POST /api/companies " + fingerprintOf(body)}, gen_random_uuid(), now() + interval '1 minute')`,
        );
        const busy = await app.api("/api/companies", {
          token: a.token,
          body,
          headers: { "Idempotency-Key": k },
        });
        expect(busy.status).toBe(409);
        expect(busy.headers.get("retry-after")).toBe("1");
        expect(busy.body.message).toBe(
          "A request with this Idempotency-Key is still in progress. Please retry shortly.",
        );
        expect(await count(t, companies)).toBe(0);
        // Its lease ran out (the process died): the retry runs the create.
        await t.db.execute(
          sql`update idempotency_keys set locked_until = now() - interval '1 second' where key = ${k}`,
        );
        const retry = await app.api("/api/companies", {
          token: a.token,
          body,
          headers: { "Idempotency-Key": k },
        });
        expect(retry.status).toBe(201);
        expect(await count(t, companies)).toBe(1);
      }, 20_000);

      it("forgets a key after 24 hours (housekeeping purges it; an old row is not replayed)", async () => {
        const { token } = await admin();
        const k = key();
        const body = { name: "Subic Rotorcraft" };
        expect(
          (await app.api("/api/companies", { token, body, headers: { "Idempotency-Key": k } }))
            .status,
        ).toBe(201);
        await t.db.execute(
          sql`update idempotency_keys set created_at = now() - interval '25 hours'`,
        );
        const later = await app.api("/api/companies", {
          token,
          body: { name: "Subic Rotorcraft II" },
          headers: { "Idempotency-Key": k },
        });
        expect(later.status).toBe(201);
        expect(later.headers.get("idempotent-replayed")).toBeNull();
        expect(await count(t, companies)).toBe(2);
        await t.db.execute(
          sql`update idempotency_keys set created_at = now() - interval '25 hours'`,
        );
        await purgeIdempotencyKeys(t.db);
        expect(await count(t, idempotencyKeys)).toBe(0);
      });
    });

    describe("on the create screens", () => {
      const post = (path: string, cookie: string, fields: Record<string, string>) =>
        app.fetch(path, {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        });
      const hiddenKey = (html: string) => html.match(/name="idempotencyKey" value="([^"]+)"/)?.[1];

      it("renders a fresh key per form and answers a resubmitted New Job as the first did", async () => {
        const a = await createUser(t.db, { role: "admin" });
        const cookie = await app.cookie(a.user.email, a.password);
        const company = await createCompany(t.db);
        const page1 = await (
          await app.fetch("/admin/jobs?new=1", { headers: { Cookie: cookie } })
        ).text();
        const page2 = await (
          await app.fetch("/admin/jobs?new=1", { headers: { Cookie: cookie } })
        ).text();
        const k = hiddenKey(page1);
        expect(k).toMatch(/^[0-9a-f-]{36}$/);
        expect(hiddenKey(page2)).not.toBe(k);
        const fields = {
          intent: "create",
          back: "/admin/jobs?page=1",
          idempotencyKey: k!,
          title: "Ramp Agent",
          company: company.id,
          jobType: "ojt",
          status: "active",
        };
        const first = await post("/admin/jobs?new=1", cookie, fields);
        expect(first.status).toBe(302);
        const [second, third] = await Promise.all([
          post("/admin/jobs?new=1", cookie, fields),
          post("/admin/jobs?new=1", cookie, fields),
        ]);
        for (const r of [second, third]) {
          expect(r.status).toBe(302);
          expect(r.headers.get("location")).toBe(first.headers.get("location"));
          expect(r.headers.get("idempotent-replayed")).toBe("true");
          // The same notice ('Job created…') travels with the replayed redirect.
          expect(r.headers.getSetCookie().some((c) => c.startsWith("runway_flash="))).toBe(true);
        }
        expect(await count(t, jobs)).toBe(1);
        // Editing keeps working without a key.
        const [job] = await t.db.select().from(jobs);
        const upd = await post("/admin/jobs", cookie, {
          ...fields,
          idempotencyKey: "",
          intent: "update",
          id: job.id,
          title: "Ramp Agent II",
        });
        expect(upd.status).toBe(302);
        // The same key with other values: an error notice back to the list, nothing created.
        const changed = await post("/admin/jobs?new=1", cookie, {
          ...fields,
          title: "Something else",
        });
        expect(changed.status).toBe(302);
        expect(changed.headers.get("location")).toBe("/admin/jobs?page=1");
        expect(await count(t, jobs)).toBe(1);
        // A form without a key still creates (old pages, scripts): unchanged behaviour.
        const { idempotencyKey: _k, ...noKey } = fields;
        expect((await post("/admin/jobs", cookie, noKey)).status).toBe(302);
        expect(await count(t, jobs)).toBe(2);
      });

      it("answers a resubmitted Add Company (multipart, with JavaScript's _data request too) once", async () => {
        const a = await createUser(t.db, { role: "admin" });
        const cookie = await app.cookie(a.user.email, a.password);
        const html = await (
          await app.fetch("/admin/companies?new=1", { headers: { Cookie: cookie } })
        ).text();
        const k = hiddenKey(html)!;
        expect(k).toBeTruthy();
        const send = (data?: string) => {
          // A new FormData each time: the browser picks a new multipart boundary per submission.
          const form = new FormData();
          for (const [n, v] of Object.entries({
            intent: "save",
            name: "Mactan Aero",
            website: "mactan.example",
            logoUrl: "",
            idempotencyKey: k,
          }))
            form.append(n, v);
          return app.fetch(`/admin/companies?new=1${data ? `&_data=${data}` : ""}`, {
            method: "POST",
            body: form,
            headers: { Cookie: cookie },
          });
        };
        const first = await send();
        expect(first.status).toBe(302);
        const second = await send();
        expect(second.status).toBe(302);
        expect(second.headers.get("idempotent-replayed")).toBe("true");
        expect(second.headers.get("location")).toBe(first.headers.get("location"));
        const js = await send(encodeURIComponent("routes/admin+/companies"));
        expect(js.headers.get("x-remix-redirect")).toBe(first.headers.get("location"));
        expect(await count(t, companies)).toBe(1);
      });

      it("answers a resubmitted Create User once, and lets a failed one be corrected", async () => {
        const a = await createUser(t.db, { role: "admin" });
        const cookie = await app.cookie(a.user.email, a.password);
        const html = await (
          await app.fetch("/admin/create-user", { headers: { Cookie: cookie } })
        ).text();
        const k = hiddenKey(html)!;
        expect(k).toBeTruthy();
        const fields = {
          idempotencyKey: k,
          userType: "admin",
          firstName: "Ana",
          lastName: "Santos",
          email: `ana.${Date.now()}@example.edu`,
          password: "secret-pass-42",
        };
        const bad = await post("/admin/create-user", cookie, { ...fields, password: "1" });
        expect(bad.status).toBe(400);
        const before = await count(t, users);
        const answers = await Promise.all([
          post("/admin/create-user", cookie, fields),
          post("/admin/create-user", cookie, fields),
        ]);
        for (const r of answers) {
          expect(r.status).toBe(302);
          expect(r.headers.get("location")).toBe("/admin/users?created=1");
        }
        expect(answers.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(
          1,
        );
        expect(await count(t, users)).toBe(before + 1);
        // A tampered key is refused with a notice, not a 500.
        const tampered = await post("/admin/create-user", cookie, {
          ...fields,
          idempotencyKey: "<script>",
        });
        expect(tampered.status).toBe(302);
        expect(tampered.headers.get("location")).toBe("/admin/create-user");
      });
    });
  });
});

/** The body hash the helper computes for a JSON body (sorted keys). */
function fingerprintOf(body: Record<string, unknown>) {
  return jsonFingerprint(new Request("http://x/api/companies", { method: "POST" }), body).split(
    " ",
  )[2];
}
