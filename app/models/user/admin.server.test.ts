import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, passwordTokens, sessions, users } from "#db/schema";
import { forEachDb } from "../../../tests/setup/db";
import { createUser } from "../../../tests/factories";
import { createSession, endedSessionReason, resolveSession } from "../auth/session.server";
import { verifyPassword } from "../auth/password.server";
import type { Ctx } from "../context";
import { Conflict, Forbidden, NotFound, ValidationError } from "~/lib/errors";
import { adminUserPatchSchema, readUserListQuery, USERS_MSG } from "./admin.schema";
import {
  createUserByAdmin,
  deleteUserByAdmin,
  getUserForAdmin,
  listAllUsers,
  listUsers,
  setUserActive,
  updateUserByAdmin,
} from "./admin.server";
import { deactivateByEmail } from "./roster.server";
import { userRecordSchema } from "./user.schema";
import { configured } from "../../../tests/setup/auth-config";

const q = (s = "") => readUserListQuery(new URLSearchParams(s));
const patch = (body: unknown) => adminUserPatchSchema("example.edu").parse(body);

describe("user administration", () => {
  forEachDb((t) => {
    async function adminCtx(): Promise<Ctx & { userId: string }> {
      const { user } = await createUser(t.db, {
        role: "admin",
        firstName: "Ada",
        lastName: "Admin",
      });
      return {
        db: t.db,
        actor: { id: user.id, role: "admin", email: user.email },
        userId: user.id,
      };
    }

    it("filters by name (first + last, any case), e-mail, role, status and course, and pages", async () => {
      const ctx = await adminCtx();
      await createUser(t.db, {
        firstName: "Maria",
        lastName: "Clara",
        email: "mc@example.edu",
        courseCode: "BSAE",
      });
      await createUser(t.db, {
        firstName: "Juan",
        lastName: "dela Cruz",
        role: "alumni",
        courseCode: "BSAMT",
        isActive: false,
      });
      await createUser(t.db, {
        firstName: "Pedro",
        lastName: "Penduko",
        email: "ppen%ko@example.edu",
        courseCode: "BSAMT",
      });
      for (let i = 0; i < 12; i++)
        await createUser(t.db, {
          firstName: "Filler",
          lastName: `Number${i}`,
          courseCode: "BSIT-AIT",
        });

      expect((await listUsers(ctx, q("q=MARIA%20cla"))).users.map((u) => u.email)).toEqual([
        "mc@example.edu",
      ]);
      expect((await listUsers(ctx, q("q=MC@EXAMPLE"))).total).toBe(1);
      // LIKE wildcards in the search are literal characters.
      expect((await listUsers(ctx, q("q=%25"))).users.map((u) => u.email)).toEqual([
        "ppen%ko@example.edu",
      ]);
      expect((await listUsers(ctx, q("q=a_a"))).total).toBe(0);
      expect((await listUsers(ctx, q("role=alumni"))).users.map((u) => u.firstName)).toEqual([
        "Juan",
      ]);
      expect((await listUsers(ctx, q("status=inactive"))).users.map((u) => u.firstName)).toEqual([
        "Juan",
      ]);
      expect((await listUsers(ctx, q("status=active"))).total).toBe(15);
      expect((await listUsers(ctx, q("course=BSAMT"))).total).toBe(2);
      const bsamt = (await listUsers(ctx, q("course=BSAMT"))).users[0].course!;
      expect(
        (await listUsers(ctx, q(`course=${bsamt._id}&status=active`))).users.map(
          (u) => u.firstName,
        ),
      ).toEqual(["Pedro"]);
      expect((await listUsers(ctx, q("course=NOPE"))).total).toBe(0);
      // Unknown filter values are ignored rather than failing.
      expect((await listUsers(ctx, q("role=hacker&status=x"))).total).toBe(16);

      const p1 = await listUsers(ctx, q("size=10&sort=name&dir=asc"));
      expect(p1).toMatchObject({ total: 16, page: 1, size: 10, pages: 2 });
      expect(p1.users).toHaveLength(10);
      expect(p1.users[0].firstName).toBe("Ada");
      const p2 = await listUsers(ctx, q("size=10&page=2&sort=name&dir=asc"));
      expect(p2.users).toHaveLength(6);
      expect(new Set([...p1.users, ...p2.users].map((u) => u._id)).size).toBe(16);
      // A page past the end is the last page; at least one page when nothing matches.
      expect((await listUsers(ctx, q("size=10&page=99"))).page).toBe(2);
      expect(await listUsers(ctx, q("q=nobody-at-all"))).toMatchObject({
        users: [],
        total: 0,
        page: 1,
        pages: 1,
      });
      // The unpaged list (GET /api/admin/users without paging) has everyone matching.
      expect(await listAllUsers(ctx, q())).toHaveLength(16);
      expect(await listAllUsers(ctx, q("role=alumni"))).toHaveLength(1);
      expect(JSON.stringify(p1)).not.toContain("argon2");
    });

    it("refuses non-admins", async () => {
      const { user } = await createUser(t.db, { role: "student" });
      const ctx: Ctx = { db: t.db, actor: { id: user.id, role: "student", email: user.email } };
      await expect(listUsers(ctx, q())).rejects.toBeInstanceOf(Forbidden);
      await expect(setUserActive(ctx, user.id, false)).rejects.toBeInstanceOf(Forbidden);
      await expect(listUsers({ db: t.db, actor: null }, q())).rejects.toBeInstanceOf(Forbidden);
    });

    it("creates active, verified users with a hashed password, and audits it", async () => {
      const ctx = await adminCtx();
      const input = userRecordSchema("example.edu", { passwordRequired: true }).parse({
        userType: "student",
        firstName: "Nina",
        lastName: "Navarro",
        email: " Nina.Navarro@Example.edu ",
        password: "secret-pass-mango",
        studentId: "2024-0001",
        course: "BSAE",
        yearLevel: "4th Year",
        phone: "0917",
      });
      const u = await createUserByAdmin(configured(ctx), input);
      expect(u).toMatchObject({
        email: "nina.navarro@example.edu",
        role: "student",
        isActive: true,
        status: "active",
        isEmailVerified: true,
      });
      expect(u.course?.code).toBe("BSAE");
      const [row] = await t.db.select().from(users).where(eq(users.id, u._id));
      expect(await verifyPassword(row.passwordHash, "secret-pass-mango")).toBe(true);
      const [a] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, u._id));
      expect(a).toMatchObject({ action: "user.create", actorId: ctx.userId, entityType: "user" });
      expect(JSON.stringify(a.after)).not.toContain("argon2");
      await expect(createUserByAdmin(configured(ctx), input)).rejects.toBeInstanceOf(Conflict);
      await expect(
        createUserByAdmin(configured(ctx), {
          ...input,
          email: "x@example.edu",
          studentId: "x-1",
          course: "No such course",
        }),
      ).rejects.toBeInstanceOf(ValidationError);
      // An admin account carries no student fields.
      const admin = await createUserByAdmin(configured(ctx), {
        ...input,
        userType: "admin",
        email: "boss@example.edu",
        studentId: "S-9",
      });
      expect(admin).toMatchObject({
        role: "admin",
        studentId: null,
        course: null,
        yearLevel: null,
      });
    });

    it("applies only the allowed fields of an admin update and audits before/after of the changes", async () => {
      const ctx = await adminCtx();
      const { user } = await createUser(t.db, {
        role: "student",
        firstName: "Old",
        lastName: "Name",
        verified: false,
      });
      const body = patch({
        firstName: "New",
        contactNumber: "0999",
        course: { name: "BS in Aeronautical Engineering" },
        passwordHash: "x",
        password: "hijack-pass",
        emailVerifiedAt: "2020-01-01",
        isEmailVerified: true,
        avatarFileId: "00000000-0000-0000-0000-000000000000",
        id: "00000000-0000-0000-0000-000000000000",
        createdAt: "2000-01-01",
      });
      const u = await updateUserByAdmin(ctx, user.id, body);
      expect(u).toMatchObject({
        firstName: "New",
        lastName: "Name",
        phone: "0999",
        isEmailVerified: false,
        avatarUrl: null,
      });
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row.passwordHash).toBe(user.passwordHash);
      expect(row.createdAt.getTime()).toBe(user.createdAt.getTime());
      const [a] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, "user.update")));
      expect(a.before).toEqual({ firstName: "Old", phone: null });
      expect(a.after).toEqual({ firstName: "New", phone: "0999" });
      // No change, no audit row.
      await updateUserByAdmin(ctx, user.id, patch({ firstName: "New" }));
      expect(await t.db.select().from(auditLog).where(eq(auditLog.entityId, user.id))).toHaveLength(
        1,
      );
      await expect(
        updateUserByAdmin(ctx, "00000000-0000-4000-8000-000000000000", patch({ firstName: "Zed" })),
      ).rejects.toBeInstanceOf(NotFound);
      await expect(
        updateUserByAdmin(ctx, "not-a-uuid", patch({ firstName: "Zed" })),
      ).rejects.toBeInstanceOf(NotFound);
      const other = await createUser(t.db, { email: "taken@example.edu" });
      await expect(
        updateUserByAdmin(ctx, user.id, patch({ email: other.user.email })),
      ).rejects.toBeInstanceOf(Conflict);
    });

    it("will not let an admin deactivate, demote or delete their own account", async () => {
      const ctx = await adminCtx();
      await createUser(t.db, { role: "admin" }); // another admin exists, so only the self rule applies
      await expect(setUserActive(ctx, ctx.userId, false)).rejects.toThrow(USERS_MSG.selfDeactivate);
      await expect(
        updateUserByAdmin(ctx, ctx.userId, patch({ userType: "student" })),
      ).rejects.toThrow(USERS_MSG.selfRole);
      await expect(deleteUserByAdmin(ctx, ctx.userId)).rejects.toThrow(USERS_MSG.selfDelete);
      await expect(deleteUserByAdmin(ctx, ctx.userId)).rejects.toBeInstanceOf(Forbidden);
      // Editing one's own name is fine.
      expect(
        (await updateUserByAdmin(ctx, ctx.userId, patch({ firstName: "Adalyn" }))).firstName,
      ).toBe("Adalyn");
      const me = await getUserForAdmin(ctx, ctx.userId);
      expect(me).toMatchObject({ role: "admin", isActive: true });
    });

    it("never removes the last active admin, even through a stale session or a race", async () => {
      const a = await adminCtx();
      const { user: b } = await createUser(t.db, { role: "admin" });
      const bCtx: Ctx = { db: t.db, actor: { id: b.id, role: "admin", email: b.email } };
      await setUserActive(a, b.id, false);
      // b was deactivated but still holds a request in flight: it must not take a down with it.
      await expect(setUserActive(bCtx, a.userId, false)).rejects.toThrow(USERS_MSG.lastAdmin);
      await expect(
        updateUserByAdmin(bCtx, a.userId, patch({ role: "alumni" })),
      ).rejects.toBeInstanceOf(Conflict);
      await expect(deleteUserByAdmin(bCtx, a.userId)).rejects.toBeInstanceOf(Conflict);
      // Inactive admins can be deleted freely.
      await deleteUserByAdmin(a, b.id);

      // Two admins deactivating each other at the same moment: exactly one wins, and the loser gets
      // the rule's answer (without the lock this ends in a deadlock on PostgreSQL). A few rounds,
      // because the first is often not concurrent at all.
      for (let round = 0; round < 3; round++) {
        await t.db.update(users).set({ isActive: false }).where(eq(users.role, "admin"));
        const { user: x } = await createUser(t.db, { role: "admin" });
        const { user: y } = await createUser(t.db, { role: "admin" });
        const ctxOf = (u: typeof x): Ctx => ({
          db: t.db,
          actor: { id: u.id, role: "admin", email: u.email },
        });
        const results = await Promise.allSettled([
          setUserActive(ctxOf(x), y.id, false),
          setUserActive(ctxOf(y), x.id, false),
        ]);
        expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
        const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
        expect(lost.reason).toBeInstanceOf(Conflict);
        expect(lost.reason.message).toBe(USERS_MSG.lastAdmin);
        const [{ n }] = await t.handle.rows<{ n: number }>(
          sql`select count(*)::int as n from users where role = 'admin' and is_active`,
        );
        expect(n).toBe(1);
      }
    });

    it("ends sessions the same way when the registrar's CLI deactivates by e-mail", async () => {
      const ctx = await adminCtx();
      const { user } = await createUser(t.db, { role: "alumni" });
      const web = await createSession(t.db, user.id, "web", { remember: true });
      const api = await createSession(t.db, user.id, "api");
      const r = await deactivateByEmail(ctx, user.email.toUpperCase());
      expect(r).toMatchObject({ changed: true, sessionsRevoked: 2 });
      expect(await resolveSession(t.db, web.token, "web")).toBeNull();
      expect(await resolveSession(t.db, api.token, "api")).toBeNull();
      expect(await endedSessionReason(t.db, web.token)).toBe("deactivated");
    });

    it("ends every session and token at once on deactivation and deletion", async () => {
      const ctx = await adminCtx();
      const { user } = await createUser(t.db, { role: "student" });
      const web = await createSession(t.db, user.id, "web");
      const api = await createSession(t.db, user.id, "api");
      await t.db.insert(passwordTokens).values({
        userId: user.id,
        purpose: "password_reset",
        tokenHash: "h1",
        expiresAt: new Date(Date.now() + 60_000),
      });
      expect(await resolveSession(t.db, api.token, "api")).not.toBeNull();

      const u = await setUserActive(ctx, user.id, false);
      expect(u).toMatchObject({ isActive: false, status: "inactive" });
      // API tokens are gone; the web session is kept only as an ended row that signs no one in
      // but lets its browser be told why.
      expect(
        await t.db
          .select({ kind: sessions.kind, endedReason: sessions.endedReason })
          .from(sessions)
          .where(eq(sessions.userId, user.id)),
      ).toEqual([{ kind: "web", endedReason: "deactivated" }]);
      expect(
        await t.db.select().from(passwordTokens).where(eq(passwordTokens.userId, user.id)),
      ).toHaveLength(0);
      expect(await resolveSession(t.db, web.token, "web")).toBeNull();
      expect(await resolveSession(t.db, api.token, "api")).toBeNull();
      expect(await endedSessionReason(t.db, web.token)).toBe("deactivated");
      expect(await endedSessionReason(t.db, api.token)).toBeNull();
      const [a] = await t.db.select().from(auditLog).where(eq(auditLog.action, "user.deactivate"));
      expect(a).toMatchObject({
        entityId: user.id,
        before: { isActive: true },
        after: { isActive: false },
        actorEmail: ctx.actor!.email,
      });

      expect((await setUserActive(ctx, user.id, true)).isActive).toBe(true);
      // Reactivated: the old session stays ended and no longer speaks of deactivation.
      expect(await resolveSession(t.db, web.token, "web")).toBeNull();
      expect(await endedSessionReason(t.db, web.token)).toBeNull();
      expect(
        await t.db.select().from(auditLog).where(eq(auditLog.action, "user.activate")),
      ).toHaveLength(1);

      const again = await createSession(t.db, user.id, "api");
      await deleteUserByAdmin(ctx, user.id);
      expect(await resolveSession(t.db, again.token, "api")).toBeNull();
      expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
      const [d] = await t.db.select().from(auditLog).where(eq(auditLog.action, "user.delete"));
      expect(d.before).toMatchObject({ email: user.email, role: "student" });
      expect(d.after).toBeNull();
      await expect(deleteUserByAdmin(ctx, user.id)).rejects.toBeInstanceOf(NotFound);
    });
  });
});
