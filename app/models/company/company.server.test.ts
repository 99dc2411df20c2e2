/** Company rules on real databases: CRUD, search, sort/paging, jobs count, 409 on delete, logos, audit. */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { auditLog, companies, files } from "../../../db/schema";
import type { Ctx } from "../context";
import {
  addCompany,
  deleteCompany,
  getCompany,
  listCompanies,
  stillHasJobs,
  updateCompany,
  uploadLogo,
} from "./company.server";
import { COMPANY_MSG } from "./company.schema";
import { Conflict, Forbidden, NotFound, ValidationError } from "~/lib/errors";
import { createCompany, createJob, createUser } from "../../../tests/factories";
import { forEachDb, type TestDb } from "../../../tests/setup/db";

async function adminCtx(t: TestDb): Promise<Ctx> {
  const { user } = await createUser(t.db, { role: "admin" });
  return { db: t.db, actor: { id: user.id, role: "admin", email: user.email } };
}
const png = (w = 40, h = 20) =>
  sharp({ create: { width: w, height: h, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();

describe("companies model", () => {
  forEachDb((t) => {
    it("creates, reads, updates (partially) and deletes a company, auditing each change", async () => {
      const ctx = await adminCtx(t);
      const c = await addCompany(ctx, {
        name: "AeroTech Services",
        location: "Pasay City",
        website: "https://aerotech.example",
      });
      expect(c).toMatchObject({
        _id: c.id,
        name: "AeroTech Services",
        location: "Pasay City",
        logoUrl: null,
        jobsCount: 0,
      });
      expect(new Date(c.createdAt).toISOString()).toBe(c.createdAt);

      const u = await updateCompany(ctx, c.id, { phone: "+63 2 8123 4567" });
      expect(u).toMatchObject({
        name: "AeroTech Services",
        location: "Pasay City",
        phone: "+63 2 8123 4567",
      });
      expect(new Date(u.updatedAt).getTime()).toBeGreaterThanOrEqual(
        new Date(c.updatedAt).getTime(),
      );
      const cleared = await updateCompany(ctx, c.id, { location: null });
      expect(cleared.location).toBeNull();
      expect((await getCompany(ctx, c.id)).phone).toBe("+63 2 8123 4567");

      await deleteCompany(ctx, c.id);
      await expect(getCompany(ctx, c.id)).rejects.toBeInstanceOf(NotFound);
      const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, c.id)))
        .map((a) => a.action)
        .sort();
      expect(actions).toEqual([
        "company.create",
        "company.delete",
        "company.update",
        "company.update",
      ]);
    });

    it("refuses to delete a company that still has jobs (409, clear message), and allows it once they are gone", async () => {
      const ctx = await adminCtx(t);
      const c = await createCompany(t.db, { name: "Busy Air" });
      await createJob(t.db, { companyId: c.id });
      await createJob(t.db, { companyId: c.id, isApproved: false, status: "draft" });
      const err = await deleteCompany(ctx, c.id).catch((e) => e);
      expect(err).toBeInstanceOf(Conflict);
      expect(err.status).toBe(409);
      expect(err.message).toBe(stillHasJobs("Busy Air", 2));
      expect(err.message).toContain("still has 2 jobs");
      expect(await t.db.select().from(companies).where(eq(companies.id, c.id))).toHaveLength(1);
    });

    it("refuses writes from non-admins and unknown ids", async () => {
      const { user } = await createUser(t.db, { role: "student" });
      const ctx: Ctx = { db: t.db, actor: { id: user.id, role: "student", email: user.email } };
      await expect(addCompany(ctx, { name: "X" })).rejects.toBeInstanceOf(Forbidden);
      await expect(addCompany({ db: t.db, actor: null }, { name: "X" })).rejects.toBeInstanceOf(
        Forbidden,
      );
      const admin = await adminCtx(t);
      await expect(
        updateCompany(admin, "00000000-0000-4000-8000-000000000000", { name: "Y" }),
      ).rejects.toBeInstanceOf(NotFound);
      await expect(deleteCompany(admin, "not-a-uuid")).rejects.toBeInstanceOf(NotFound);
      await expect(getCompany(admin, "not-a-uuid")).rejects.toBeInstanceOf(NotFound);
    });

    it("refuses a second company with the same name (case-insensitive)", async () => {
      const ctx = await adminCtx(t);
      const a = await addCompany(ctx, { name: "Philippine Airlines" });
      await expect(addCompany(ctx, { name: "philippine airlines " })).rejects.toBeInstanceOf(
        Conflict,
      );
      const b = await addCompany(ctx, { name: "Cebu Pacific" });
      await expect(
        updateCompany(ctx, b.id, { name: "PHILIPPINE AIRLINES" }),
      ).rejects.toBeInstanceOf(Conflict);
      expect((await updateCompany(ctx, a.id, { name: "Philippine Airlines" })).name).toBe(
        "Philippine Airlines",
      );
    });

    it("searches name, location and e-mail case- and accent-insensitively, with wildcards taken literally", async () => {
      const ctx = await adminCtx(t);
      await createCompany(t.db, { name: "Aéroports de Manille", location: "Parañaque" });
      await createCompany(t.db, {
        name: "Cebu Pacific",
        location: "Pasay City",
        email: "careers@cebupacific.example",
      });
      await createCompany(t.db, { name: "100% Wings", location: "Clark" });
      const names = async (q: string) =>
        (await listCompanies(ctx, { q })).companies.map((c) => c.name);
      expect(await names("AEROPORTS")).toEqual(["Aéroports de Manille"]);
      expect(await names("paranaque")).toEqual(["Aéroports de Manille"]);
      expect(await names("careers@")).toEqual(["Cebu Pacific"]);
      expect(await names("100%")).toEqual(["100% Wings"]);
      expect(await names("%")).toEqual(["100% Wings"]);
      expect(await names("zzz")).toEqual([]);
      expect((await listCompanies(ctx, { q: "" })).total).toBe(3);
    });

    it("counts jobs of every status and sorts and pages on the server", async () => {
      const ctx = await adminCtx(t);
      const names = ["Delta", "alpha", "Charlie", "bravo", "Echo"];
      const made = [];
      for (const n of names)
        made.push(
          await createCompany(t.db, { name: n, location: n === "Echo" ? null : `${n} City` }),
        );
      await createJob(t.db, { companyId: made[0].id });
      await createJob(t.db, { companyId: made[0].id, status: "closed" });
      await createJob(t.db, { companyId: made[2].id, isApproved: false });
      const byName = await listCompanies(ctx, { sort: "name", dir: "asc", page: 1, size: 2 });
      expect(byName.total).toBe(5);
      expect(byName.companies.map((c) => c.name)).toEqual(["alpha", "bravo"]);
      const page3 = await listCompanies(ctx, { sort: "name", dir: "asc", page: 3, size: 2 });
      expect(page3.companies.map((c) => c.name)).toEqual(["Echo"]);
      const byJobs = await listCompanies(ctx, { sort: "jobs", dir: "desc" });
      expect(byJobs.companies.slice(0, 2).map((c) => [c.name, c.jobsCount])).toEqual([
        ["Delta", 2],
        ["Charlie", 1],
      ]);
      const desc = await listCompanies(ctx, { sort: "name", dir: "desc" });
      expect(desc.companies[0].name).toBe("Echo");
      // Unknown sort keys fall back to name; they never reach SQL.
      const weird = await listCompanies(ctx, { sort: "name; drop table companies" });
      expect(weird.companies[0].name).toBe("alpha");
    });

    it("sets and replaces a logo; the replaced file is discarded; foreign URLs are refused", async () => {
      const ctx = await adminCtx(t);
      const c = await addCompany(ctx, { name: "Logo Air" });
      // As the admin screen does it: upload (POST /upload/logo), then save the URL on the company.
      const setLogo = async (image: Buffer) =>
        updateCompany(ctx, c.id, { logoUrl: (await uploadLogo(ctx, image)).url });
      const first = await setLogo(await png());
      expect(first.logoUrl).toMatch(/^\/files\/[0-9a-f-]{36}$/);
      const second = await setLogo(await png(64, 64));
      expect(second.logoUrl).not.toBe(first.logoUrl);
      const oldId = first.logoUrl!.split("/").pop()!;
      expect(await t.db.select().from(files).where(eq(files.id, oldId))).toHaveLength(0);
      await expect(
        updateCompany(ctx, c.id, { logoUrl: "/files/00000000-0000-4000-8000-000000000000" }),
      ).rejects.toBeInstanceOf(ValidationError);
      await expect(
        updateCompany(ctx, c.id, { logoUrl: "https://evil.example/x.png" }),
      ).rejects.toThrow(COMPANY_MSG.logoInvalid);
      const removed = await updateCompany(ctx, c.id, { logoUrl: null });
      expect(removed.logoUrl).toBeNull();
      expect(await t.db.select({ id: files.id }).from(files)).toHaveLength(0);
    });
  });
});
