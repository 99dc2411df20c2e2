/**
 * Job alerts against real databases: ownership and limits, matching shared with the board's
 * search, digest composition (caps, per-company limit, nothing when nothing is new), the
 * published-date trigger, due rules, single send across concurrent senders and across a restart,
 * and the signed unsubscribe link.
 */
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { forEachDb, rows, type TestDb } from "../../../tests/setup/db";
import { createCompany, createJob, createUser } from "../../../tests/factories";
import { Conflict, Forbidden, NotFound } from "~/lib/errors";
import { searchPublicJobs, setJobApproval, updateJob } from "../job/job.server";
import {
  alertForUnsubscribe,
  computeDigests,
  createAlert,
  deleteAlert,
  getAlert,
  listAlerts,
  runDueAlerts,
  unsubscribeAlert,
  unsubscribeToken,
  updateAlert,
  type AlertMailConfig,
  type DueAlert,
} from "./alert.server";
import {
  ALERTS_PER_USER_MAX,
  alertInputSchema,
  alertPatchSchema,
  type AlertInput,
} from "./alert.schema";

const CFG: AlertMailConfig = { publicUrl: "https://runway.test", secret: "test-secret-alerts" };
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
const input = (o: Partial<AlertInput> = {}): AlertInput =>
  alertInputSchema.parse({ name: "My search", frequency: "daily", ...o });
const run = (t: TestDb, o: Partial<Parameters<typeof runDueAlerts>[1]> = {}) =>
  runDueAlerts(t.db, { config: CFG, settleMs: 0, ...o });

describe("job alerts", () => {
  forEachDb((t) => {
    const person = async (role: "student" | "alumni" | "admin" = "student") => {
      const { user } = await createUser(t.db, { role });
      return { db: t.db, actor: { id: user.id, role, email: user.email }, user };
    };
    const setWatermark = (id: string, at: Date) =>
      t.db.execute(
        sql`update job_alerts set watermark = ${at.toISOString()}::timestamptz where id = ${id}`,
      );
    const publish = (id: string, at: Date) =>
      t.db.execute(
        sql`update jobs set published_at = ${at.toISOString()}::timestamptz where id = ${id}`,
      );
    const outbox = () =>
      rows<{
        to: string;
        subject: string;
        text: string;
        template: string;
        headers: Record<string, string> | string | null;
      }>(
        t,
        sql`select "to", subject, text, template, headers from mail_outbox order by created_at`,
      );
    /** An alert whose window opened `h` hours ago, for the tests that run the sender. */
    const alertSince = async (
      ctx: Awaited<ReturnType<typeof person>>,
      h: number,
      o: Partial<AlertInput> = {},
    ) => {
      const a = await createAlert(ctx, input(o));
      await setWatermark(a.id, hoursAgo(h));
      return a;
    };

    describe("owning alerts", () => {
      it("lets a student or alumnus create, list, edit, pause and delete their own alerts", async () => {
        const s = await person("student");
        const a = await createAlert(
          s,
          input({ name: "  Manila OJT ", q: "avionics", jobType: "ojt", location: "Manila" }),
        );
        expect(a).toMatchObject({
          name: "Manila OJT",
          q: "avionics",
          jobType: "ojt",
          location: "Manila",
          category: null,
          frequency: "daily",
          lastSentAt: null,
          searchUrl: "/jobs?q=avionics&type=ojt&location=Manila",
        });
        expect((await listAlerts(s)).map((x) => x.id)).toEqual([a.id]);
        const edited = await updateAlert(
          s,
          a.id,
          alertPatchSchema.parse({ frequency: "off", location: "" }),
        );
        expect(edited).toMatchObject({ frequency: "off", location: null, q: "avionics" });
        expect(await getAlert(s, a.id)).toMatchObject({ frequency: "off" });
        await deleteAlert(s, a.id);
        expect(await listAlerts(s)).toEqual([]);

        const alum = await person("alumni");
        await expect(createAlert(alum, input())).resolves.toMatchObject({ name: "My search" });
      });

      it("hides another person's alert behind 404 and keeps admins and guests out", async () => {
        const owner = await person();
        const other = await person();
        const a = await createAlert(owner, input());
        await expect(getAlert(other, a.id)).rejects.toBeInstanceOf(NotFound);
        await expect(updateAlert(other, a.id, { name: "x" })).rejects.toBeInstanceOf(NotFound);
        await expect(deleteAlert(other, a.id)).rejects.toBeInstanceOf(NotFound);
        await expect(getAlert(owner, "not-a-uuid")).rejects.toBeInstanceOf(NotFound);
        expect(await getAlert(owner, a.id)).toMatchObject({ id: a.id });
        await expect(createAlert(await person("admin"), input())).rejects.toBeInstanceOf(Forbidden);
        await expect(listAlerts({ db: t.db, actor: null })).rejects.toMatchObject({ status: 401 });
      });

      it(`refuses alerts past ${ALERTS_PER_USER_MAX} per person, even when saved at once`, async () => {
        const s = await person();
        const results = await Promise.allSettled(
          Array.from({ length: ALERTS_PER_USER_MAX + 3 }, (_, i) =>
            createAlert(s, input({ name: `Alert ${i}` })),
          ),
        );
        expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(ALERTS_PER_USER_MAX);
        const refused = results.filter((r) => r.status === "rejected");
        expect(refused).toHaveLength(3);
        for (const r of refused)
          expect((r as PromiseRejectedResult).reason).toBeInstanceOf(Conflict);
        // Someone else still may.
        await expect(createAlert(await person(), input())).resolves.toBeTruthy();
      });

      it("validates names, filters and frequency with clear messages", () => {
        const bad = (o: Record<string, unknown>) => {
          const r = alertInputSchema.safeParse({ name: "x", ...o });
          return r.success ? null : r.error.issues[0].message;
        };
        expect(bad({ name: "   " })).toBe("Give the alert a name.");
        expect(bad({ name: "n".repeat(81) })).toBe("Name must be at most 80 characters.");
        expect(bad({ frequency: "hourly" })).toBe("Frequency must be daily, weekly or off.");
        expect(bad({ jobType: "gig" })).toMatch(/^Job type must be one of/);
        expect(bad({ q: "q".repeat(201) })).toBe("Search words must be at most 200 characters.");
        expect(bad({ location: "l".repeat(101) })).toBe("Location must be at most 100 characters.");
        expect(alertInputSchema.parse({ name: "All", jobType: "all" })).toMatchObject({
          jobType: null,
          frequency: "weekly",
          q: "",
        });
      });
    });

    describe("published date", () => {
      it("is set when a job first becomes approved and active, by any door, and never moved again", async () => {
        const { actor } = await person("admin");
        const ctx = { db: t.db, actor };
        const pending = await createJob(t.db, { isApproved: false });
        const [before] = await rows<{ published_at: Date | null }>(
          t,
          sql`select published_at from jobs where id = ${pending.id}`,
        );
        expect(before.published_at).toBeNull();
        await setJobApproval(ctx, pending.id, true);
        const [first] = await rows<{ published_at: Date }>(
          t,
          sql`select published_at from jobs where id = ${pending.id}`,
        );
        expect(first.published_at).not.toBeNull();
        await updateJob(ctx, pending.id, { status: "inactive" });
        await updateJob(ctx, pending.id, { status: "active" });
        const [again] = await rows<{ published_at: Date }>(
          t,
          sql`select published_at from jobs where id = ${pending.id}`,
        );
        expect(new Date(again.published_at).getTime()).toBe(new Date(first.published_at).getTime());
      });
    });

    describe("matching", () => {
      it("finds exactly what the board finds for the same words and filters", async () => {
        // One company per job: the digest's per-company cap is tested below, not here.
        const specs = [
          {
            title: "Avionics Intern",
            jobType: "internship",
            location: "Parañaque",
            categories: ["Avionics"],
            company: "Acme Aviation",
          },
          {
            title: "Aircraft Mechanic",
            jobType: "full-time",
            location: "Manila",
            categories: ["Maintenance"],
            company: "Hangar Works",
          },
          {
            title: "Ramp Agent",
            jobType: "part-time",
            location: "Pasay City",
            categories: ["Ground Ops"],
            company: "Blue Sky Airlines",
          },
          {
            title: "Avionics Technician",
            jobType: "full-time",
            location: "Cebu",
            categories: ["Avionics", "Maintenance"],
            company: "Island Air",
          },
          {
            title: "Flight Dispatcher OJT",
            jobType: "ojt",
            location: "Manila",
            categories: ["Flight Ops"],
            company: "Dispatch Co",
          },
          {
            title: "Técnico de aviónica",
            jobType: "contract",
            location: "Remote",
            categories: ["Avionics"],
            company: "Aero Iberia",
          },
        ] as const;
        for (const { company, ...s } of specs) {
          const c = await createCompany(t.db, { name: company });
          await createJob(t.db, { ...s, categories: [...s.categories], companyId: c.id });
        }
        const acme = await createCompany(t.db, { name: "Hidden Jobs Inc" });
        // Never in a digest or on the board: pending, inactive.
        await createJob(t.db, { title: "Avionics Pending", isApproved: false, companyId: acme.id });
        await createJob(t.db, { title: "Avionics Closed", status: "closed", companyId: acme.id });
        const s = await person();
        const filterSets = [
          {},
          { q: "avion" },
          { q: "AVIÓNICA" },
          { q: "avionics tech" },
          { q: "manila" },
          { location: "paranaque" },
          { jobType: "full-time" as const },
          { category: "Avionics" },
          { q: "avi", jobType: "full-time" as const, location: "ceb", category: "Maintenance" },
          { q: "sky" },
          { q: "nothingmatches" },
          { q: "50%_\\" },
        ];
        const alerts: DueAlert[] = filterSets.map((f, i) => ({
          id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
          name: `set ${i}`,
          q: f.q ?? "",
          job_type: f.jobType ?? null,
          location: f.location ?? null,
          category: f.category ?? null,
          frequency: "daily",
          watermark: hoursAgo(24),
          email: s.user.email,
          first_name: "Test",
        }));
        const digests = await computeDigests(t.db, alerts, new Date(Date.now() + 1000));
        for (const [i, f] of filterSets.entries()) {
          const board = await searchPublicJobs(t.db, f, { offset: 0, limit: 50 });
          const d = digests.get(alerts[i].id);
          expect(
            (d?.jobs ?? []).map((j) => j.title).sort(),
            `filters ${JSON.stringify(f)}`,
          ).toEqual(board.rows.map((r) => r.title).sort());
          expect(d?.total ?? 0).toBe(board.total);
        }
        // The sanity of the fixture itself: some sets match several jobs, some none.
        expect(digests.get(alerts[1].id)?.total).toBe(3);
        expect(digests.get(alerts[8].id)?.jobs.map((j) => j.title)).toEqual([
          "Avionics Technician",
        ]);
      });
    });

    describe("digests", () => {
      it("lists the newest 10 new matches, at most 2 per company, with links and one-click unsubscribe", async () => {
        const s = await person();
        const a = await alertSince(s, 30, { name: "Pilots", q: "pilot" });
        // An old match (before the window) and a non-match (inside it) stay out.
        const old = await createJob(t.db, { title: "Pilot Old" });
        await publish(old.id, hoursAgo(40));
        await createJob(t.db, { title: "Cabin Crew" });
        let minute = 0;
        for (let c = 0; c < 7; c++) {
          const company = await createCompany(t.db, { name: `Carrier ${c}` });
          for (let k = 0; k < 3; k++) {
            const j = await createJob(t.db, {
              title: `Pilot ${c}-${k}`,
              companyId: company.id,
              location: "Clark",
              jobType: "full-time",
            });
            await publish(j.id, new Date(Date.now() - 60_000 * (100 - minute++)));
          }
        }
        const r = await run(t);
        expect(r).toEqual({ checked: 1, sent: 1 });
        const [mail] = await outbox();
        expect(mail.to).toBe(s.user.email);
        expect(mail.subject).toBe("21 new jobs for “Pilots”");
        expect(mail.template).toBe("job_alert");
        const listed = [...mail.text.matchAll(/^• (Pilot \d-\d) — (Carrier \d)$/gm)];
        expect(listed).toHaveLength(10);
        // Newest first: carriers 6, 5, 4, 3, 2 — their two newest jobs each.
        expect(listed.map((m) => m[1])).toEqual([
          "Pilot 6-2",
          "Pilot 6-1",
          "Pilot 5-2",
          "Pilot 5-1",
          "Pilot 4-2",
          "Pilot 4-1",
          "Pilot 3-2",
          "Pilot 3-1",
          "Pilot 2-2",
          "Pilot 2-1",
        ]);
        expect(mail.text).toContain("Clark · Full-time");
        expect(mail.text).toMatch(/https:\/\/runway\.test\/jobs\/[0-9a-f-]{36}/);
        expect(mail.text).toContain("11 more new jobs on the board.");
        expect(mail.text).toContain(
          "See all matches on the board: https://runway.test/jobs?q=pilot",
        );
        expect(mail.text).toContain("Manage your alerts: https://runway.test/alerts");
        // Every digest links the 'Stay safe' page.
        expect(mail.text).toContain(
          "Never pay to apply. How to spot a fake job: https://runway.test/stay-safe",
        );
        expect(mail.text).not.toContain("Pilot Old");
        const headers =
          typeof mail.headers === "string" ? JSON.parse(mail.headers) : (mail.headers ?? {});
        const link = `https://runway.test/alerts/unsubscribe?alert=${a.id}&token=${unsubscribeToken(CFG.secret, a.id)}`;
        expect(headers["List-Unsubscribe"]).toBe(`<${link}>`);
        expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
        expect(mail.text).toContain(link);
        expect(await getAlert(s, a.id)).toMatchObject({ lastSentAt: expect.any(String) });
      });

      it("sends nothing when nothing new matches, and still closes the window", async () => {
        const s = await person();
        const a = await alertSince(s, 30, { q: "pilot" });
        const old = await createJob(t.db, { title: "Pilot Before" });
        await publish(old.id, hoursAgo(31));
        await createJob(t.db, { title: "Mechanic Now" });
        await createJob(t.db, { title: "Pilot Pending", isApproved: false });
        expect(await run(t)).toEqual({ checked: 1, sent: 0 });
        expect(await outbox()).toEqual([]);
        const [row] = await rows<{ watermark: Date; last_sent_at: Date | null }>(
          t,
          sql`select watermark, last_sent_at from job_alerts where id = ${a.id}`,
        );
        expect(new Date(row.watermark).getTime()).toBeGreaterThan(hoursAgo(1).getTime());
        expect(row.last_sent_at).toBeNull();
      });

      it("mails daily alerts after a day, weekly after seven, paused and deactivated owners never", async () => {
        await createJob(t.db, { title: "Pilot Fresh" });
        const s = await person();
        const dailyNotYet = await alertSince(s, 20, { name: "d1" });
        const dailyDue = await alertSince(s, 25, { name: "d2" });
        const weeklyNotYet = await alertSince(s, 24 * 6, { name: "w1", frequency: "weekly" });
        const weeklyDue = await alertSince(s, 24 * 7 + 1, { name: "w2", frequency: "weekly" });
        await alertSince(s, 24 * 30, { name: "off", frequency: "off" });
        const gone = await person();
        await alertSince(gone, 48, { name: "gone" });
        await t.db.execute(sql`update users set is_active = false where id = ${gone.user.id}`);
        expect(await run(t)).toEqual({ checked: 2, sent: 2 });
        expect((await outbox()).map((m) => m.subject).sort()).toEqual([
          "1 new job for “d2”",
          "1 new job for “w2”",
        ]);
        expect(dailyDue.id && weeklyDue.id && dailyNotYet.id && weeklyNotYet.id).toBeTruthy();
        // `--now`: every active alert, each only for what is new since its own window.
        expect(await run(t, { force: true })).toEqual({ checked: 4, sent: 2 });
        expect((await outbox()).map((m) => m.subject).sort()).toEqual([
          "1 new job for “d1”",
          "1 new job for “d2”",
          "1 new job for “w1”",
          "1 new job for “w2”",
        ]);
      });

      it("starts a resumed alert's window when it is resumed", async () => {
        const s = await person();
        const a = await alertSince(s, 48, { frequency: "off" });
        await createJob(t.db, { title: "Published While Paused" });
        await updateAlert(s, a.id, { frequency: "daily" });
        expect(await run(t, { force: true })).toEqual({ checked: 1, sent: 0 });
      });
    });

    describe("sending once", () => {
      it("mails each digest once when two senders run at the same moment", async () => {
        await createJob(t.db, { title: "Pilot Shared" });
        const alerts = [];
        for (let i = 0; i < 6; i++)
          alerts.push(await alertSince(await person(), 30, { name: `a${i}` }));
        const [x, y] = await Promise.all([run(t, { batchSize: 2 }), run(t, { batchSize: 4 })]);
        expect(x.sent + y.sent).toBe(6);
        expect(x.checked + y.checked).toBe(6);
        const mails = await outbox();
        expect(mails).toHaveLength(6);
        expect(new Set(mails.map((m) => m.to)).size).toBe(6);
        // Forced senders at once: the windows they close do not overlap, so nothing is mailed twice.
        const [f1, f2] = await Promise.all([run(t, { force: true }), run(t, { force: true })]);
        expect(f1.sent + f2.sent).toBe(0);
        expect(await outbox()).toHaveLength(6);
      });

      it("after a restart neither mails a window again nor skips the next one", async () => {
        const s = await person();
        await alertSince(s, 30, { name: "r" });
        const first = await createJob(t.db, { title: "First Job" });
        await publish(first.id, hoursAgo(2));
        expect(await run(t)).toEqual({ checked: 1, sent: 1 });
        // A new process: the window closed in the database, not in memory.
        expect(await run(t, { force: true })).toEqual({ checked: 1, sent: 0 });
        const second = await createJob(t.db, { title: "Second Job" });
        // A window's end is kept to the millisecond: a job published within the same millisecond
        // as a run (settleMs is 0 here, 10 s in the server) belongs to the next window, not this one.
        await new Promise((r) => setTimeout(r, 5));
        expect(await run(t, { force: true })).toEqual({ checked: 1, sent: 1 });
        const mails = await outbox();
        expect(mails).toHaveLength(2);
        expect(mails[1].text).toContain("Second Job");
        expect(mails[1].text).not.toContain("First Job");
        expect(second.id).toBeTruthy();
      });

      it("keeps the window open when the run fails before its commit (nothing queued, nothing lost)", async () => {
        const s = await person();
        const a = await alertSince(s, 30, { name: "crash" });
        await createJob(t.db, { title: "Survives The Crash" });
        // A failure inside the transaction, after the digest was computed (an address the
        // outbox refuses stands in for a crash at the worst moment).
        await t.db.execute(
          sql`update users set email = 'two@x.edu, three@x.edu' where id = ${s.user.id}`,
        );
        await expect(run(t)).rejects.toThrow();
        expect(await outbox()).toEqual([]);
        await t.db.execute(sql`update users set email = ${s.user.email} where id = ${s.user.id}`);
        expect(await run(t)).toEqual({ checked: 1, sent: 1 });
        expect((await outbox())[0].text).toContain("Survives The Crash");
        expect(a.id).toBeTruthy();
      });
    });

    describe("unsubscribe", () => {
      it("pauses the alert from the signed link without signing in; a wrong link is a 404", async () => {
        const s = await person();
        const a = await createAlert(s, input({ name: "Stop me" }));
        const token = unsubscribeToken(CFG.secret, a.id);
        await expect(
          alertForUnsubscribe(t.db, CFG.secret, a.id, token.replace(/.$/, "x")),
        ).rejects.toBeInstanceOf(NotFound);
        await expect(
          alertForUnsubscribe(t.db, "another-secret", a.id, token),
        ).rejects.toBeInstanceOf(NotFound);
        await expect(alertForUnsubscribe(t.db, CFG.secret, "nope", token)).rejects.toBeInstanceOf(
          NotFound,
        );
        expect(await alertForUnsubscribe(t.db, CFG.secret, a.id, token)).toMatchObject({
          name: "Stop me",
          frequency: "daily",
        });
        await unsubscribeAlert(t.db, CFG.secret, a.id, token);
        await unsubscribeAlert(t.db, CFG.secret, a.id, token);
        expect(await getAlert(s, a.id)).toMatchObject({ frequency: "off" });
        // The link of a deleted alert is simply not valid any more.
        await deleteAlert(s, a.id);
        await expect(unsubscribeAlert(t.db, CFG.secret, a.id, token)).rejects.toBeInstanceOf(
          NotFound,
        );
      });
    });
  });
});
