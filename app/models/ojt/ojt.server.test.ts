/**
 * OJT placements, every rule on PGlite and PostgreSQL: the coordinator's programmes,
 * one open placement per student, audited status moves, the hours log's rules by the college's
 * clock, the weekly sign-off by token, locking, progress and at risk, reminders and the import.
 */
import { describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { caught } from "../../../tests/setup/caught";
import { forEachDb, rows, type TestDb } from "../../../tests/setup/db";
import { courseId, createCompany, createUser } from "../../../tests/factories";
import {
  createCoordinator,
  createOjtSetup,
  ctxAs,
  entry,
  lastSignoffToken,
  ojtClock,
  placementInput,
  approveLastWeek,
} from "../../../tests/factories/ojt";
import { completeChecklist, recordMoa } from "../../../tests/factories/ojt-docs";
import { auditLog, mailOutbox, ojtSignoffTokens, placements } from "#db/schema";
import { Conflict, Forbidden, NotFound, Unauthorized, ValidationError } from "~/lib/errors";
import { setRequiredOjtHours } from "../course/course.server";
import { resolveCourseRefs } from "./access.server";
import {
  addEntry,
  dailyTimeRecord,
  deleteEntry,
  listEntries,
  reopenWeek,
  resendWeek,
  submitWeek,
  updateEntry,
} from "./hours.server";
import { importPlacements } from "./import.server";
import { decisionSchema, entryInputSchema, OJT_MSG, progressOf } from "./ojt.schema";
import {
  changePlacementStatus,
  createPlacement,
  getPlacement,
  listPlacements,
  myPlacements,
  placementAudit,
  placementCounters,
  updatePlacement,
} from "./placement.server";
import { runOjtReminders } from "./reminders.server";
import { decideSignoff, signoffView } from "./signoff.server";

forEachDb((t: TestDb) => {
  describe("coordinators and placements", () => {
    it("lets a coordinator place students of their programmes only, and see only those", async () => {
      const clock = ojtClock();
      const s = await createOjtSetup(t.db, clock.cfg);
      expect(s.placement.status).toBe("deployed");
      expect(s.placement.coordinatorId).toBe(s.coordinatorUser.id);
      expect(s.placement.student.course).toBe("BS in Aircraft Maintenance Technology");
      // Another programme's coordinator: cannot read, list, move or place this student.
      const other = ctxAs(t.db, clock.cfg, await createCoordinator(t.db, ["BSAET"]));
      expect(await caught(getPlacement(other, s.placement.id))).toBeInstanceOf(NotFound);
      expect((await listPlacements(other, {})).total).toBe(0);
      expect(
        await caught(
          changePlacementStatus(other, s.placement.id, { status: "completed", reason: null }),
        ),
      ).toBeInstanceOf(NotFound);
      const { user: student2 } = await createUser(t.db, { role: "student", courseCode: "BSAMT" });
      const e = await caught(
        createPlacement(
          other,
          placementInput(student2.id, s.company.id, {
            name: "X",
            email: "x@mro.example.com",
            expectedEndDate: "2026-05-01",
            requiredHours: 300,
          }),
        ),
      );
      expect(e).toBeInstanceOf(Forbidden);
      expect(e.message).toBe(OJT_MSG.outOfScope);
      // The admin sees every placement; the own coordinator lists it.
      const { user: admin } = await createUser(t.db, { role: "admin" });
      expect((await listPlacements(ctxAs(t.db, clock.cfg, admin), {})).total).toBe(1);
      expect((await listPlacements(s.coordinator, { course: "BSAMT" })).items[0].id).toBe(
        s.placement.id,
      );
      expect((await listPlacements(s.coordinator, { course: "BSAET" })).total).toBe(0);
      // Another student sees nothing of it; a guest is asked to sign in; alumni are refused.
      const { user: stranger } = await createUser(t.db, { role: "student", courseCode: "BSAMT" });
      expect(
        await caught(getPlacement(ctxAs(t.db, clock.cfg, stranger), s.placement.id)),
      ).toBeInstanceOf(NotFound);
      expect(
        await caught(getPlacement({ db: t.db, actor: null, ojt: clock.cfg }, s.placement.id)),
      ).toBeInstanceOf(Unauthorized);
      const { user: alum } = await createUser(t.db, { role: "alumni" });
      expect(await caught(listPlacements(ctxAs(t.db, clock.cfg, alum), {}))).toBeInstanceOf(
        Forbidden,
      );
      // The student sees theirs.
      expect((await myPlacements(s.student)).map((p) => p.id)).toEqual([s.placement.id]);
    });

    it("resolves a coordinator's programmes from ids, codes or names and refuses unknown ones", async () => {
      const amt = await courseId(t.db, "BSAMT");
      expect(
        (await resolveCourseRefs(t.db, ["BSAMT", "bs in aviation electronics technology", amt]))
          .length,
      ).toBe(2);
      expect((await caught(resolveCourseRefs(t.db, ["NOPE"]))).message).toBe(
        "Unknown programme: NOPE",
      );
      expect(await caught(resolveCourseRefs(t.db, []))).toBeInstanceOf(ValidationError);
    });

    it("takes the programme's required hours by default and asks for them while it has none", async () => {
      const clock = ojtClock();
      const coord = ctxAs(t.db, clock.cfg, await createCoordinator(t.db, ["BSAET"]));
      const { user: st } = await createUser(t.db, { role: "student", courseCode: "BSAET" });
      const company = await createCompany(t.db);
      await recordMoa(t.db, clock.cfg, company.id);
      const input = placementInput(st.id, company.id, { expectedEndDate: "2026-06-01" });
      await setRequiredOjtHours({ db: t.db, actor: null, system: true }, "BSAET", null);
      const e = await caught(createPlacement(coord, input));
      expect(e.message).toBe(OJT_MSG.requiredHoursMissing);
      await setRequiredOjtHours({ db: t.db, actor: null, system: true }, "BSAET", 600);
      try {
        expect((await createPlacement(coord, input)).requiredHours).toBe(600);
        // Only an admin (or the CLI) sets them.
        expect(await caught(setRequiredOjtHours(coord, "BSAET", 10))).toBeInstanceOf(Forbidden);
        expect(
          await caught(setRequiredOjtHours({ db: t.db, actor: null, system: true }, "BSAET", 0)),
        ).toBeInstanceOf(ValidationError);
      } finally {
        await setRequiredOjtHours({ db: t.db, actor: null, system: true }, "BSAET", null);
      }
    });

    it("allows one planned or deployed placement per student, in the database too", async () => {
      const clock = ojtClock();
      const s = await createOjtSetup(t.db, clock.cfg);
      const secondInput = placementInput(s.studentUser.id, s.company.id, {
        email: "s2@host.example.com",
        expectedEndDate: "2026-06-01",
        requiredHours: 100,
      });
      const again = await caught(createPlacement(s.coordinator, secondInput));
      expect(again).toBeInstanceOf(Conflict);
      expect(again.message).toBe(OJT_MSG.openPlacement);
      await expect(
        t.db.insert(placements).values({
          studentId: s.studentUser.id,
          companyId: s.company.id,
          supervisorName: "S",
          supervisorEmail: "s3@host.example.com",
          startDate: "2026-03-02",
          expectedEndDate: "2026-06-01",
          requiredHours: 100,
        }),
      ).rejects.toThrow();
      // After it is withdrawn (with a reason), a new one may be planned.
      await changePlacementStatus(s.coordinator, s.placement.id, {
        status: "withdrawn",
        reason: "Host closed the hangar",
      });
      const next = await createPlacement(s.coordinator, secondInput);
      expect(next.status).toBe("planned");
    });

    it("moves planned → deployed → completed, refuses other moves, needs a reason to end early, audits each", async () => {
      const clock = ojtClock();
      const s = await createOjtSetup(t.db, clock.cfg, { deployed: false });
      expect(
        await caught(
          changePlacementStatus(s.coordinator, s.placement.id, {
            status: "completed",
            reason: null,
          }),
        ),
      ).toBeInstanceOf(Conflict);
      await completeChecklist(t.db, clock.cfg, s.placement.id);
      await changePlacementStatus(s.coordinator, s.placement.id, {
        status: "deployed",
        reason: null,
      });
      const noReason = await caught(
        changePlacementStatus(s.coordinator, s.placement.id, {
          status: "terminated",
          reason: null,
        }),
      );
      expect(noReason.message).toBe(OJT_MSG.reason);
      const done = await changePlacementStatus(s.coordinator, s.placement.id, {
        status: "terminated",
        reason: "Safety violation",
      });
      expect([done.status, done.statusReason]).toEqual(["terminated", "Safety violation"]);
      expect(
        await caught(
          changePlacementStatus(s.coordinator, s.placement.id, {
            status: "deployed",
            reason: null,
          }),
        ),
      ).toBeInstanceOf(Conflict);
      // The student cannot move it.
      expect(
        await caught(
          changePlacementStatus(s.student, s.placement.id, { status: "completed", reason: null }),
        ),
      ).toBeInstanceOf(Forbidden);
      const trail = await placementAudit(s.coordinator, s.placement.id);
      expect(trail.filter((a) => a.action === "placement.status").map((a) => a.after)).toEqual([
        { status: "terminated", statusReason: "Safety violation" },
        { status: "deployed", statusReason: null },
      ]);
      expect(trail.at(-1)!.action).toBe("placement.create");
    });

    it("refuses a supervisor address that is one of the student's own", async () => {
      const clock = ojtClock();
      const s = await createOjtSetup(t.db, clock.cfg);
      const e = await caught(
        updatePlacement(s.coordinator, s.placement.id, {
          supervisor: { email: s.studentUser.email.toUpperCase().toLowerCase() },
        }),
      );
      expect(e.message).toBe(OJT_MSG.supervisorSelf);
      await t.db.execute(
        sql`update users set personal_email = 'me.personal@gmail.com' where id = ${s.studentUser.id}`,
      );
      const e2 = await caught(
        updatePlacement(s.coordinator, s.placement.id, {
          supervisor: { email: "me.personal@gmail.com" },
        }),
      );
      expect(e2.message).toBe(OJT_MSG.supervisorSelf);
    });
  });

  describe("hours log", () => {
    it("computes minutes on the server and enforces every rule with its message", async () => {
      const clock = ojtClock();
      const s = await createOjtSetup(t.db, clock.cfg);
      const pid = s.placement.id;
      const e1 = await addEntry(s.student, pid, {
        ...entry("2026-03-09", "06:00", "17:30", 45),
        ataChapter: "32",
        involvement: "assisted",
        aircraftType: "A320",
        registration: "RP-C3240",
      });
      expect([e1.minutes, e1.timeIn, e1.timeOut, e1.locked, e1.ataChapter]).toEqual([
        645,
        "06:00",
        "17:30",
        false,
        "32",
      ]);
      const msg = async (input: ReturnType<typeof entry>) =>
        (await caught(addEntry(s.student, pid, input))).message;
      // Overlap with the 06:00–17:30 entry.
      expect(await msg(entry("2026-03-09", "17:00", "19:00", 0))).toBe(OJT_MSG.overlap);
      // 10 h 45 + 6 h 29 = 17 h 14 in one day.
      expect(await msg(entry("2026-03-09", "17:30", "23:59", 0))).toBe(OJT_MSG.dayMax);
      // Outside the period, and before it.
      expect(await msg(entry("2026-02-27"))).toBe(OJT_MSG.dateOutside);
      // The future by the college's clock: at 2026-03-11 17:00 UTC it is already the 12th in Manila.
      clock.set("2026-03-11T17:00:00Z");
      expect((await addEntry(s.student, pid, entry("2026-03-12"))).date).toBe("2026-03-12");
      expect(await msg(entry("2026-03-13"))).toBe(OJT_MSG.dateFuture);
      // Only the student logs; another student and the coordinator are refused.
      const { user: other } = await createUser(t.db, { role: "student", courseCode: "BSAMT" });
      expect(
        await caught(addEntry(ctxAs(t.db, clock.cfg, other), pid, entry("2026-03-10"))),
      ).toBeInstanceOf(NotFound);
      expect(await caught(addEntry(s.coordinator, pid, entry("2026-03-10")))).toBeInstanceOf(
        Forbidden,
      );
      const totals = await getPlacement(s.student, pid);
      expect(totals.loggedHours).toBe(18.75);
      expect(totals.lastEntryDate).toBe("2026-03-12");
    });

    it("parses entries strictly: HH:MM, time out after time in, ≤ 16 h, ATA 05–99 from the list, involvement", () => {
      const ok = {
        date: "2026-03-09",
        timeIn: "08:00",
        timeOut: "17:00",
        breakMinutes: "60",
        tasks: "Wheel change",
        ataChapter: "32",
        involvement: "performed",
      };
      const err = (over: Record<string, unknown>) => {
        const r = entryInputSchema.safeParse({ ...ok, ...over });
        return r.success ? null : r.error.issues[0].message;
      };
      expect(entryInputSchema.parse(ok)).toMatchObject({
        timeIn: 480,
        timeOut: 1020,
        breakMinutes: 60,
      });
      expect(err({ timeOut: "07:00" })).toBe(OJT_MSG.timeOrder);
      expect(err({ timeIn: "8am" })).toBe(OJT_MSG.time);
      expect(err({ timeIn: "00:00", timeOut: "17:00", breakMinutes: 0 })).toBe(OJT_MSG.dayMax);
      expect(err({ timeIn: "00:00", timeOut: "16:00", breakMinutes: 0 })).toBeNull();
      expect(err({ ataChapter: "04" })).toBe(OJT_MSG.ata);
      expect(err({ ataChapter: "40" })).toBe(OJT_MSG.ata);
      expect(err({ ataChapter: "5" })).toBe(OJT_MSG.ata);
      expect(err({ involvement: "watched" })).toBe(OJT_MSG.involvement);
      expect(err({ date: "2026-02-30" })).toBe(OJT_MSG.date);
      expect(err({ tasks: "  " })).toBe(OJT_MSG.tasks);
      expect(err({ breakMinutes: 540 })).toBe(OJT_MSG.breakTooLong);
    });

    it("refuses 17 hours in a day across two entries, and logging while not deployed", async () => {
      const clock = ojtClock();
      const s = await createOjtSetup(t.db, clock.cfg);
      await addEntry(s.student, s.placement.id, entry("2026-03-10", "00:00", "09:00", 0));
      const e = await caught(
        addEntry(s.student, s.placement.id, entry("2026-03-10", "10:00", "18:00", 0)),
      );
      expect(e).toBeInstanceOf(ValidationError);
      expect(e.message).toBe(OJT_MSG.dayMax);
      await changePlacementStatus(s.coordinator, s.placement.id, {
        status: "terminated",
        reason: "Left the host",
      });
      expect((await caught(addEntry(s.student, s.placement.id, entry("2026-03-11")))).message).toBe(
        OJT_MSG.notDeployed,
      );
    });
  });

  describe("weekly sign-off", () => {
    it("mails one link; return with a comment unlocks; approve locks; spent, forged and stale links are refused", async () => {
      const clock = ojtClock("2026-03-16T02:00:00Z"); // Monday 10:00 in Manila
      const s = await createOjtSetup(t.db, clock.cfg);
      const pid = s.placement.id;
      const a = await addEntry(s.student, pid, entry("2026-03-09"));
      await addEntry(s.student, pid, entry("2026-03-10"));
      await addEntry(s.student, pid, entry("2026-03-11"));
      const week = await submitWeek(s.student, pid, "2026-03-09");
      expect(week.state).toBe("submitted");
      const supervisor = s.placement.supervisor.email;
      const token = await lastSignoffToken(t.db, supervisor);
      expect(
        await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, supervisor)),
      ).toHaveLength(1);
      // Stored only as a hash.
      const stored = await t.db.select().from(ojtSignoffTokens);
      expect(stored.map((r) => r.tokenHash)).not.toContain(token);
      expect(JSON.stringify(stored)).not.toContain(token);
      // While waiting, the student cannot change the week.
      expect(
        (await caught(updateEntry(s.student, pid, a.id, entry("2026-03-09", "09:00")))).message,
      ).toBe(OJT_MSG.waiting);
      const view = await signoffView(t.db, clock.cfg, token);
      expect([view.studentName.startsWith("Test"), view.entries.length, view.totalHours]).toEqual([
        true,
        3,
        24,
      ]);
      expect((await getPlacement(s.student, pid)).pendingHours).toBe(24);
      // Return with a comment (a comment is required to return).
      expect(
        decisionSchema.safeParse({ decision: "return", comment: " " }).error?.issues[0].message,
      ).toBe(OJT_MSG.returnComment);
      await decideSignoff(t.db, clock.cfg, token, {
        decision: "return",
        comment: "Tuesday ended at 16:00",
      });
      // Spent with the decision.
      expect(await caught(signoffView(t.db, clock.cfg, token))).toBeInstanceOf(NotFound);
      expect(
        await caught(decideSignoff(t.db, clock.cfg, token, { decision: "approve", comment: null })),
      ).toBeInstanceOf(NotFound);
      const listed = await listEntries(s.student, pid, "2026-03-09");
      expect([listed.week.state, listed.week.comment, listed.entries[0].locked]).toEqual([
        "returned",
        "Tuesday ended at 16:00",
        false,
      ]);
      const tuesday = listed.entries[1];
      const fixed = await updateEntry(
        s.student,
        pid,
        tuesday.id,
        entry("2026-03-10", "08:00", "16:00"),
      );
      expect(fixed.minutes).toBe(420);
      await submitWeek(s.student, pid, "2026-03-09");
      const token2 = await lastSignoffToken(t.db, supervisor);
      expect(token2).not.toBe(token);
      // A forged token, and one of the right shape but unknown.
      expect(await caught(signoffView(t.db, clock.cfg, "x"))).toBeInstanceOf(NotFound);
      expect(await caught(signoffView(t.db, clock.cfg, token2.slice(0, -2) + "AA"))).toBeInstanceOf(
        NotFound,
      );
      await decideSignoff(t.db, clock.cfg, token2, { decision: "approve", comment: null });
      const p = await getPlacement(s.student, pid);
      expect([p.approvedHours, p.pendingHours, p.weeks[0].state, p.weeks[0].decidedBy]).toEqual([
        23,
        0,
        "approved",
        "Maria Santos",
      ]);
      // Locked: no edit, no delete, no new entry in that week — in the model and in the database.
      expect(
        (await caught(updateEntry(s.student, pid, a.id, entry("2026-03-09", "09:00")))).message,
      ).toBe(OJT_MSG.locked);
      expect((await caught(deleteEntry(s.student, pid, a.id))).message).toBe(OJT_MSG.locked);
      expect((await caught(addEntry(s.student, pid, entry("2026-03-12")))).message).toBe(
        OJT_MSG.locked,
      );
      await expect(
        t.db.execute(sql`update placement_entries set tasks = 'changed' where id = ${a.id}`),
      ).rejects.toThrow();
      await expect(
        t.db.execute(sql`delete from placement_entries where id = ${a.id}`),
      ).rejects.toThrow();
      expect(
        (await listEntries(s.coordinator, pid, "2026-03-09")).entries.every((e) => e.locked),
      ).toBe(true);
      // Each decision is audited with the supervisor.
      const trail = await placementAudit(s.coordinator, pid);
      expect(trail.filter((x) => x.action.startsWith("ojt_week.")).map((x) => x.action)).toEqual([
        "ojt_week.approve",
        "ojt_week.submit",
        "ojt_week.return",
        "ojt_week.submit",
      ]);
      // The student hears of the return and the approval.
      const toStudent = await t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, s.studentUser.email));
      expect(toStudent.map((m) => m.template).sort()).toEqual([
        "ojt_week_approved",
        "ojt_week_returned",
      ]);
    });

    it("expires a link after 14 days and stops old links when the supervisor's address changes", async () => {
      const clock = ojtClock("2026-03-16T02:00:00Z");
      const s = await createOjtSetup(t.db, clock.cfg);
      const pid = s.placement.id;
      await addEntry(s.student, pid, entry("2026-03-09"));
      await submitWeek(s.student, pid, "2026-03-09");
      const old = await lastSignoffToken(t.db, s.placement.supervisor.email);
      clock.advanceDays(14.1);
      expect(await caught(signoffView(t.db, clock.cfg, old))).toBeInstanceOf(NotFound);
      // Resend (the student may) gives a fresh link; the coordinator changes the address.
      await resendWeek(s.student, pid, "2026-03-09");
      const fresh = await lastSignoffToken(t.db, s.placement.supervisor.email);
      expect((await signoffView(t.db, clock.cfg, fresh)).weekStart).toBe("2026-03-09");
      await updatePlacement(s.coordinator, pid, {
        supervisor: { email: "new.boss@mro.example.com" },
      });
      expect(await caught(signoffView(t.db, clock.cfg, fresh))).toBeInstanceOf(NotFound);
      await resendWeek(s.coordinator, pid, "2026-03-09");
      const theirs = await lastSignoffToken(t.db, "new.boss@mro.example.com");
      expect((await signoffView(t.db, clock.cfg, theirs)).entries).toHaveLength(1);
      const trail = await placementAudit(s.coordinator, pid);
      expect(trail.some((x) => x.action === "placement.supervisor_email")).toBe(true);
      // Another student cannot resend.
      const { user: other } = await createUser(t.db, { role: "student", courseCode: "BSAMT" });
      expect(
        await caught(resendWeek(ctxAs(t.db, clock.cfg, other), pid, "2026-03-09")),
      ).toBeInstanceOf(NotFound);
    });

    it("lets only a coordinator reopen an approved week, with a reason, back through sign-off", async () => {
      const clock = ojtClock("2026-03-16T02:00:00Z");
      const s = await createOjtSetup(t.db, clock.cfg);
      const pid = s.placement.id;
      const a = await addEntry(s.student, pid, entry("2026-03-09"));
      await submitWeek(s.student, pid, "2026-03-09");
      await approveLastWeek(t.db, clock.cfg, s.placement.supervisor.email, "Good work");
      expect(await caught(reopenWeek(s.student, pid, "2026-03-09", "mistake"))).toBeInstanceOf(
        Forbidden,
      );
      expect((await caught(reopenWeek(s.coordinator, pid, "2026-03-09", " "))).message).toBe(
        OJT_MSG.reason,
      );
      const w = await reopenWeek(
        s.coordinator,
        pid,
        "2026-03-09",
        "Hours on the 9th were a holiday",
      );
      expect([w.state, w.comment]).toEqual(["returned", "Hours on the 9th were a holiday"]);
      expect((await getPlacement(s.student, pid)).approvedHours).toBe(0);
      await deleteEntry(s.student, pid, a.id);
      await addEntry(s.student, pid, entry("2026-03-10"));
      await submitWeek(s.student, pid, "2026-03-09");
      const trail = await placementAudit(s.coordinator, pid);
      const reopen = trail.find((x) => x.action === "ojt_week.reopen")!;
      expect(reopen.after).toMatchObject({ reason: "Hours on the 9th were a holiday" });
      expect(reopen.actorEmail).toBe(s.coordinatorUser.email);
      // Submitting needs a started week with entries, on a Monday.
      expect((await caught(submitWeek(s.student, pid, "2026-03-10"))).message).toBe(
        OJT_MSG.weekStart,
      );
      expect((await caught(submitWeek(s.student, pid, "2026-03-02"))).message).toBe(
        OJT_MSG.weekEmpty,
      );
      expect((await caught(submitWeek(s.student, pid, "2026-03-23"))).message).toBe(
        OJT_MSG.weekFuture,
      );
    });

    it("keeps the lock trigger out of the way of deleting a student with approved weeks", async () => {
      const clock = ojtClock("2026-03-16T02:00:00Z");
      const s = await createOjtSetup(t.db, clock.cfg);
      await addEntry(s.student, s.placement.id, entry("2026-03-09"));
      await submitWeek(s.student, s.placement.id, "2026-03-09");
      await approveLastWeek(t.db, clock.cfg, s.placement.supervisor.email);
      await t.db.execute(sql`delete from users where id = ${s.studentUser.id}`);
      expect(await t.db.select().from(placements)).toHaveLength(0);
    });
  });

  describe("progress, at risk, counters", () => {
    it("projects the finish from the last four full weeks and flags late or quiet placements", () => {
      const base = {
        status: "deployed" as const,
        startDate: "2026-01-05",
        expectedEndDate: "2026-06-30",
        requiredMinutes: 486 * 60,
        approvedMinutes: 160 * 60,
        lastEntryDate: "2026-03-10",
        today: "2026-03-11",
      };
      // 160 h in 4 weeks = 40 h/week; 326 h left → 57.05 days → 58 days.
      expect(progressOf({ ...base, recentApprovedMinutes: 160 * 60 })).toEqual({
        projectedFinish: "2026-05-08",
        atRisk: false,
      });
      expect(progressOf({ ...base, recentApprovedMinutes: 40 * 60 }).atRisk).toBe(true);
      expect(
        progressOf({ ...base, recentApprovedMinutes: 160 * 60, lastEntryDate: "2026-03-01" })
          .atRisk,
      ).toBe(true);
      expect(
        progressOf({ ...base, recentApprovedMinutes: 160 * 60, lastEntryDate: "2026-03-02" })
          .atRisk,
      ).toBe(false);
      expect(
        progressOf({ ...base, recentApprovedMinutes: 0, status: "planned", lastEntryDate: null })
          .atRisk,
      ).toBe(false);
    });

    it("filters at risk in SQL exactly as progressOf decides, and counts weeks waiting", async () => {
      const clock = ojtClock("2026-03-16T02:00:00Z");
      // Quiet: started 2026-03-02, no entry → at risk on 2026-03-16 (14 days).
      const quiet = await createOjtSetup(t.db, clock.cfg);
      // Active: logs and gets approved at 40 h/week for 2 weeks — 80 h of 200 in the window.
      const busy = await createOjtSetup(t.db, clock.cfg, { requiredHours: 200 });
      for (const d of ["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13"])
        await addEntry(busy.student, busy.placement.id, entry(d));
      for (const d of ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"])
        await addEntry(busy.student, busy.placement.id, entry(d));
      for (const w of ["2026-03-02", "2026-03-09"]) {
        await submitWeek(busy.student, busy.placement.id, w);
        await approveLastWeek(t.db, clock.cfg, busy.placement.supervisor.email);
      }
      // Late: the same pace (70 h in the window) but 486 h due by April.
      const late = await createOjtSetup(t.db, clock.cfg, {
        expectedEndDate: "2026-04-15",
        courseCode: "BSAET",
      });
      for (const d of ["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13"])
        await addEntry(late.student, late.placement.id, entry(d));
      await submitWeek(late.student, late.placement.id, "2026-03-09");
      const admin = ctxAs(t.db, clock.cfg, (await createUser(t.db, { role: "admin" })).user);
      let all = await listPlacements(admin, {});
      const flags = Object.fromEntries(all.items.map((p) => [p.id, p.atRisk]));
      expect(flags[quiet.placement.id]).toBe(true);
      expect(flags[busy.placement.id]).toBe(false);
      expect(flags[late.placement.id]).toBe(false); // nothing approved yet, logged recently
      await approveLastWeek(t.db, clock.cfg, late.placement.supervisor.email);
      all = await listPlacements(admin, {});
      const lateJson = all.items.find((p) => p.id === late.placement.id)!;
      expect(lateJson.atRisk).toBe(true);
      expect(lateJson.projectedFinish! > "2026-04-15").toBe(true);
      const risky = await listPlacements(admin, { atRisk: true });
      expect(risky.items.map((p) => p.id).sort()).toEqual(
        [quiet.placement.id, late.placement.id].sort(),
      );
      expect(risky.total).toBe(2);
      const busyJson = all.items.find((p) => p.id === busy.placement.id)!;
      // 80 h over the 4-week window = 20 h/week; 120 h left → 6 weeks from 2026-03-16.
      expect([busyJson.approvedHours, busyJson.projectedFinish]).toEqual([80, "2026-04-27"]);
      // Counters: 3 deployed, 2 at risk, no week waiting; then one waiting for over 3 days.
      expect(await placementCounters(admin)).toEqual({
        deployed: 3,
        atRisk: 2,
        weeksWaiting: 0,
        weeksWaitingOver3Days: 0,
      });
      await addEntry(quiet.student, quiet.placement.id, entry("2026-03-16"));
      await submitWeek(quiet.student, quiet.placement.id, "2026-03-16");
      clock.advanceDays(4);
      expect(await placementCounters(admin)).toMatchObject({
        weeksWaiting: 1,
        weeksWaitingOver3Days: 1,
      });
      // The BSAMT coordinator counts their two, not the BSAET placement.
      expect(await placementCounters(quiet.coordinator)).toMatchObject({
        deployed: 2,
        weeksWaiting: 1,
      });
      expect((await listPlacements(admin, { weeksPending: true })).items.map((p) => p.id)).toEqual([
        quiet.placement.id,
      ]);
      expect(await caught(placementCounters(quiet.student))).toBeInstanceOf(Forbidden);
    });
  });

  describe("reminders", () => {
    it("reminds a supervisor after 3 days at most once a week, and a quiet student once", async () => {
      const clock = ojtClock("2026-03-16T02:00:00Z");
      const s = await createOjtSetup(t.db, clock.cfg);
      await addEntry(s.student, s.placement.id, entry("2026-03-13"));
      await submitWeek(s.student, s.placement.id, "2026-03-09");
      expect((await runOjtReminders(t.db, clock.cfg)).supervisors).toBe(0);
      clock.advanceDays(3.5);
      const dry = await runOjtReminders(t.db, clock.cfg, { dryRun: true });
      expect(dry.supervisors).toBe(1);
      const sup = s.placement.supervisor.email;
      expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, sup))).toHaveLength(1);
      expect((await runOjtReminders(t.db, clock.cfg)).supervisors).toBe(1);
      expect((await runOjtReminders(t.db, clock.cfg)).supervisors).toBe(0);
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, sup));
      expect(mails.map((m) => m.template).sort()).toEqual([
        "ojt_signoff_reminder",
        "ojt_signoff_request",
      ]);
      // The reminder's link works.
      expect(
        (await signoffView(t.db, clock.cfg, await lastSignoffToken(t.db, sup))).weekStart,
      ).toBe("2026-03-09");
      clock.advanceDays(7.1);
      expect((await runOjtReminders(t.db, clock.cfg)).supervisors).toBe(1);
      // The student: last entry 2026-03-13, now 2026-03-26 → quiet for 13 days: reminded once.
      const st = await runOjtReminders(t.db, clock.cfg);
      expect(st.students).toBe(0); // already reminded in the run above
      const toStudent = await t.db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.to, s.studentUser.email),
            eq(mailOutbox.template, "ojt_student_reminder"),
          ),
        );
      expect(toStudent).toHaveLength(1);
      // A new entry ends the spell; a new spell is reminded again.
      clock.set("2026-03-27T02:00:00Z");
      await addEntry(s.student, s.placement.id, entry("2026-03-27"));
      clock.set("2026-04-04T02:00:00Z");
      expect((await runOjtReminders(t.db, clock.cfg)).students).toBe(1);
      expect((await runOjtReminders(t.db, clock.cfg)).students).toBe(0);
    });
  });

  describe("CSV import and the daily time record", () => {
    it("imports valid rows, refuses the file on any bad row, and writes nothing on a dry run", async () => {
      const clock = ojtClock();
      const company = await createCompany(t.db, { name: "Lufthansa Technik Philippines" });
      await recordMoa(t.db, clock.cfg, company.id);
      const { user: a } = await createUser(t.db, { role: "student", courseCode: "BSAMT" });
      const { user: b } = await createUser(t.db, { role: "student", courseCode: "BSAMT" });
      const system = { db: t.db, actor: null, ojt: clock.cfg, system: true };
      const head =
        "studentEmail,companyName,supervisorName,supervisorEmail,supervisorPosition,supervisorPhone,startDate,expectedEndDate,requiredHours";
      const good = `${head}\n${a.email},${company.name},Ana Cruz,ana@ltp.example.com,Lead,0917,2026-03-02,2026-06-30,486\n${b.email},lufthansa technik philippines,Ben Reyes,ben@ltp.example.com,,,2026-03-02,2026-06-30,486\n`;
      const dry = await importPlacements(system, good, { dryRun: true });
      expect([dry.created, dry.errors]).toEqual([0, []]);
      expect(await t.db.select().from(placements)).toHaveLength(0);
      const bad = `${good}${a.email},Nowhere Air,X,x@y.example.com,,,2026-03-02,2026-01-01,10\n`;
      const r = await importPlacements(system, bad);
      expect(r.created).toBe(0);
      expect(r.errors[0]).toMatchObject({ line: 4 });
      expect(await t.db.select().from(placements)).toHaveLength(0);
      const ok = await importPlacements(system, good);
      expect(ok.created).toBe(2);
      const again = await importPlacements(system, good);
      expect(again.errors.map((e) => e.message)).toEqual([
        OJT_MSG.openPlacement,
        OJT_MSG.openPlacement,
      ]);
      // A guest context (no system flag) may not import.
      expect(
        await caught(importPlacements({ db: t.db, actor: null, ojt: clock.cfg }, good)),
      ).toBeInstanceOf(Unauthorized);
    });

    it("gives a month's daily time record with who approved each week", async () => {
      const clock = ojtClock("2026-03-16T02:00:00Z");
      const s = await createOjtSetup(t.db, clock.cfg);
      await addEntry(s.student, s.placement.id, entry("2026-03-09"));
      await addEntry(s.student, s.placement.id, entry("2026-03-16"));
      await submitWeek(s.student, s.placement.id, "2026-03-09");
      await approveLastWeek(t.db, clock.cfg, s.placement.supervisor.email);
      const dtr = await dailyTimeRecord(s.student, s.placement.id, "2026-03");
      expect(dtr.entries.map((e) => [e.date, e.locked])).toEqual([
        ["2026-03-09", true],
        ["2026-03-16", false],
      ]);
      expect(dtr.weeks.find((w) => w.weekStart === "2026-03-09")).toMatchObject({
        state: "approved",
        decidedBy: "Maria Santos",
      });
      expect([dtr.totalMinutes, dtr.approvedMinutes]).toEqual([960, 480]);
      expect(await caught(dailyTimeRecord(s.student, s.placement.id, "2026-13"))).toBeInstanceOf(
        ValidationError,
      );
      const audits = await rows(
        t,
        sql`select count(*)::int as n from audit_log where entity_type = 'placement'`,
      );
      expect(Number((audits[0] as { n: number }).n)).toBeGreaterThan(2);
      void auditLog;
    });
  });
});
