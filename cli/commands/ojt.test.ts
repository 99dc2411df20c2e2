/**
 * `runway ojt import|remind|list`, `runway courses set-hours` and `runway admin create --role
 * coordinator` through the real program (commander) on the test's database, with their refusals.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { forEachDb, rows } from "../../tests/setup/db";
import { createCompany, createUser } from "../../tests/factories";
import { createOjtSetup, ojtClock } from "../../tests/factories/ojt";
import { addEvaluation, createHoursDone } from "../../tests/factories/ojt-cert";
import { changePlacementStatus } from "../../app/models/ojt/placement.server";
import { recordMoa } from "../../tests/factories/ojt-docs";
import { main } from "../index";
import { captureIo } from "../testing";

describe("runway ojt", () => {
  forEachDb((t) => {
    const cli = async (args: string[], stdin = "") => {
      const cap = captureIo(stdin);
      const code = await main(args, cap.io, t.handle);
      return { code, stdout: cap.out(), stderr: cap.err() };
    };
    const file = (text: string) => {
      const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ojt-")), "placements.csv");
      fs.writeFileSync(f, text);
      return f;
    };

    it("imports placements (dry run first, all or nothing), lists them and reminds", async () => {
      const company = await createCompany(t.db, { name: "Cebu Pacific Engineering" });
      await recordMoa(t.db, ojtClock().cfg, company.id);
      const a = await createUser(t.db, { role: "student", courseCode: "BSAMT" });
      const b = await createUser(t.db, { role: "student", courseCode: "BSAET" });
      const head =
        "studentEmail,companyName,supervisorName,supervisorEmail,supervisorPosition,supervisorPhone,startDate,expectedEndDate,requiredHours";
      const good = `${head}\n${a.user.email},${company.name},Ana Cruz,ana@ceb.example.com,Lead,,2026-01-05,2026-06-30,486\n${b.user.email},${company.name},Ben Go,ben@ceb.example.com,,,2026-01-05,2026-06-30,300\n`;
      const dry = await cli(["ojt", "import", "--file", file(good), "--dry-run"]);
      expect([dry.code, dry.stdout.trim()]).toEqual([
        0,
        "Dry run: 2 placement(s) would be created.",
      ]);
      const bad = await cli([
        "ojt",
        "import",
        "--file",
        file(`${good}${a.user.email},Nowhere,X,${a.user.email},,,2026-01-05,2026-06-30,10\n`),
      ]);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain("Line 4: ");
      expect((await rows(t, sql`select id from placements`)).length).toBe(0);
      const ok = await cli(["ojt", "import", "--file", file(good), "--json"]);
      expect([ok.code, JSON.parse(ok.stdout).created]).toEqual([0, 2]);
      expect((await cli(["ojt", "import", "--file", "/nonexistent.csv"])).code).toBe(2);
      // Deployed with no entry since 2026-01-05: quiet, so at risk and reminded.
      await t.db.execute(sql`update placements set status = 'deployed'`);
      const list = await cli(["ojt", "list", "--course", "BSAMT", "--json"]);
      const items = JSON.parse(list.stdout);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        student: { id: a.user.id },
        status: "deployed",
        atRisk: true,
      });
      const atRisk = await cli(["ojt", "list", "--at-risk"]);
      expect(atRisk.stdout).toContain("Cebu Pacific Engineering");
      expect((await cli(["ojt", "list", "--course", "NOPE"])).code).toBe(2);
      const dryRemind = await cli(["ojt", "remind", "--dry-run"]);
      expect(dryRemind.stdout).toContain("Dry run: would remind 0 supervisor(s) and 2 student(s).");
      // Both are past their midpoint (2026-04-03): their supervisors are asked for the midterm.
      expect(dryRemind.stdout).toContain("Supervisor (midterm evaluation): ana@ceb.example.com");
      expect(dryRemind.stdout).toContain("Dry run: would ask 2 supervisor(s) for an evaluation.");
      expect((await rows(t, sql`select id from mail_outbox`)).length).toBe(0);
      const remind = await cli(["ojt", "remind", "--json"]);
      expect(JSON.parse(remind.stdout)).toMatchObject({
        dryRun: false,
        students: 2,
        evaluations: 2,
      });
      expect(JSON.parse((await cli(["ojt", "remind", "--json"])).stdout)).toMatchObject({
        students: 0,
        evaluations: 0,
      });
    });

    it("sets a programme's required hours and creates coordinators", async () => {
      const set = await cli(["courses", "set-hours", "BSAMT", "486"]);
      expect([set.code, set.stdout.trim()]).toEqual([0, "BSAMT: 486 required OJT hours."]);
      expect((await cli(["courses", "set-hours", "BSAMT", "0"])).code).toBe(1);
      expect((await cli(["courses", "set-hours", "BSAMT", "many"])).code).toBe(2);
      expect((await cli(["courses", "set-hours", "NOPE", "10"])).code).toBe(1);
      expect((await cli(["courses", "set-hours", "BSAMT", "none"])).stdout).toContain(
        "no required",
      );
      const pw = "a long passphrase for ojt\n";
      const args = [
        "admin",
        "create",
        "--password-stdin",
        "--email",
        "coord.cli@example.edu",
        "--first-name",
        "Cora",
      ];
      const made = await cli(
        [...args, "--last-name", "Lim", "--role", "coordinator", "--courses", "BSAMT,BSAET"],
        pw,
      );
      expect(made.code, made.stderr).toBe(0);
      expect(made.stdout).toContain("OJT coordinator (BSAMT, BSAET) created");
      const codes = await rows<{ code: string }>(
        t,
        sql`select c.code from coordinator_courses cc join courses c on c.id = cc.course_id
            join users u on u.id = cc.user_id where u.email = 'coord.cli@example.edu' order by c.code`,
      );
      expect(codes.map((c) => c.code)).toEqual(["BSAET", "BSAMT"]);
      expect((await cli([...args, "--last-name", "Lim", "--role", "coordinator"])).code).toBe(2);
      expect((await cli([...args, "--last-name", "Lim", "--role", "pilot"])).code).toBe(2);
      const unknown = await cli(
        [
          "admin",
          "create",
          "--password-stdin",
          "--email",
          "coord2.cli@example.edu",
          "--first-name",
          "Cora",
          "--last-name",
          "Lim",
          "--role",
          "coordinator",
          "--courses",
          "NOPE",
        ],
        pw,
      );
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain("Unknown programme: NOPE");
    });
  });
});

describe("runway ojt report", () => {
  forEachDb((t) => {
    const cli = async (args: string[]) => {
      const cap = captureIo("");
      const code = await main(args, cap.io, t.handle);
      return { code, stdout: cap.out(), stderr: cap.err() };
    };

    it("prints CSV and JSON, filtered by programme and period", async () => {
      const clock = ojtClock();
      const s = await createHoursDone(t.db, clock.cfg);
      await addEvaluation(t.db, s.placement.id, "final", 5);
      await changePlacementStatus(s.coordinator, s.placement.id, {
        status: "completed",
        reason: null,
        hiredByHost: true,
      });
      const other = await createOjtSetup(t.db, clock.cfg, { courseCode: "BSAET" });
      const json = await cli(["ojt", "report", "--format", "json"]);
      expect(json.code).toBe(0);
      const all = JSON.parse(json.stdout);
      expect(all.placements).toHaveLength(2);
      const done = all.placements.find((p: { status: string }) => p.status === "completed");
      expect(done).toMatchObject({
        programme: "BSAMT",
        host: s.company.name,
        requiredHours: 16,
        approvedHours: 16,
        evaluationAverage: 5,
        hiredByHost: true,
      });
      // The setup records each host's agreement (valid well past the period).
      expect(all.companies.map((c: { moaState: string }) => c.moaState)).toEqual([
        "valid",
        "valid",
      ]);
      const amt = JSON.parse(
        (await cli(["ojt", "report", "--format", "json", "--course", "BSAMT"])).stdout,
      );
      expect(amt.placements.map((p: { host: string }) => p.host)).toEqual([s.company.name]);
      expect(amt.companies[0]).toMatchObject({ interns: 1, perProgramme: { BSAMT: 1 } });
      const none = JSON.parse(
        (
          await cli([
            "ojt",
            "report",
            "--format",
            "json",
            "--from",
            "2027-01-01",
            "--to",
            "2027-12-31",
          ])
        ).stdout,
      );
      expect(none.placements).toEqual([]);
      const csv = await cli(["ojt", "report", "--course", "BSAET"]);
      expect(csv.code).toBe(0);
      const lines = csv.stdout.split("\n");
      expect(lines[0]).toBe("Host companies");
      expect(lines).toContain("Placements");
      expect(csv.stdout).toContain(other.company.name);
      expect(csv.stdout).not.toContain(s.company.name);
      expect((await cli(["ojt", "report", "--format", "xml"])).code).not.toBe(0);
      expect((await cli(["ojt", "report", "--from", "2026-13-01"])).code).not.toBe(0);
      expect((await cli(["ojt", "report", "--course", "NOPE"])).code).not.toBe(0);
    });
  });
});
