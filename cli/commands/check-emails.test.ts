/** `runway users check-emails [--deactivate]` through its run function, on PGlite and PostgreSQL. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { forEachDb } from "../../tests/setup/db";
import { createUser } from "../../tests/factories";
import { captureIo } from "../testing";
import { runUsersCheckEmails } from "./users";

describe("runway users check-emails", () => {
  forEachDb((t) => {
    it("reports, exits 1, and with --deactivate ends the accounts (exit 0 afterwards)", async () => {
      await createUser(t.db, { email: "fine.person@example.edu" });
      const bad = (await createUser(t.db, { email: '"x@example.edu" <someone@elsewhere.test>' }))
        .user;
      const outside = (await createUser(t.db, { email: "someone@elsewhere.test", role: "alumni" }))
        .user;
      await createUser(t.db, { role: "admin", email: "admin.one@example.edu" });

      const a = captureIo();
      expect(await runUsersCheckEmails({}, { handle: t.handle, io: a.io })).toBe(1);
      expect(a.out()).toContain("not one plain address");
      expect(a.out()).toContain("outside @example.edu");
      expect(a.out()).not.toContain("fine.person");
      expect((await t.db.select().from(users).where(eq(users.id, bad.id)))[0].isActive).toBe(true);

      const b = captureIo();
      expect(
        await runUsersCheckEmails({ deactivate: true, json: true }, { handle: t.handle, io: b.io }),
      ).toBe(0);
      const report = JSON.parse(b.out());
      expect(report.deactivated.sort()).toEqual([bad.email, outside.email].sort());
      expect(report.problems.every((p: { active: boolean }) => !p.active)).toBe(true);
      for (const id of [bad.id, outside.id])
        expect((await t.db.select().from(users).where(eq(users.id, id)))[0].isActive).toBe(false);

      const c = captureIo();
      expect(await runUsersCheckEmails({}, { handle: t.handle, io: c.io })).toBe(0);
    });

    it("says so when every address is fine", async () => {
      await createUser(t.db, { email: "fine.person@example.edu" });
      const a = captureIo();
      expect(await runUsersCheckEmails({}, { handle: t.handle, io: a.io })).toBe(0);
      expect(a.out()).toContain("Every stored address is one plain address");
    });
  });
});
