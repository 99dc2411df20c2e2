import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { files, users } from "#db/schema";
import { forEachDb } from "../../../tests/setup/db";
import { createUser } from "../../../tests/factories";
import type { Ctx } from "../context";
import {
  Conflict,
  NotFound,
  PayloadTooLarge,
  Unauthorized,
  UnsupportedMedia,
  ValidationError,
} from "~/lib/errors";
import { parseProfilePatch, PROFILE_MSG } from "./profile.schema";
import { getProfile, updateProfile, updateProfilePhoto } from "./profile.server";

const png = (w = 600, h = 300) =>
  sharp({ create: { width: w, height: h, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();

function parsed(body: unknown) {
  const r = parseProfilePatch(body);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.patch;
}

describe("own profile", () => {
  forEachDb((t) => {
    const ctxOf = (u: { id: string; role: string; email: string }): Ctx => ({
      db: t.db,
      actor: { id: u.id, role: u.role as "student", email: u.email },
    });

    it("changes only the allowed fields, whatever else the request carries (validation rules)", async () => {
      const { user } = await createUser(t.db, {
        role: "student",
        firstName: "Sam",
        lastName: "Santos",
      });
      const patch = parsed({
        // The spec's client sends all of these; only the allowed ones may change.
        fullName: "Samuel dela Cruz",
        email: "attacker@example.edu",
        role: "admin",
        userType: "admin",
        isActive: false,
        status: "inactive",
        isEmailVerified: false,
        emailVerifiedAt: null,
        avatarUrl: "/files/00000000-0000-0000-0000-000000000000",
        avatarFileId: "00000000-0000-0000-0000-000000000000",
        passwordHash: "x",
        bio: "Aircraft enthusiast",
        course: "BSAMT",
        yearLevel: "2nd Year",
        contactNumber: "0917 000 0000",
        address: "Pasay City",
        studentId: "2021-7777",
      });
      const p = await updateProfile(ctxOf(user), patch);
      expect(p).toMatchObject({
        firstName: "Samuel",
        lastName: "dela Cruz",
        email: user.email,
        role: "student",
        isActive: true,
        isEmailVerified: true,
        avatarUrl: null,
        bio: "Aircraft enthusiast",
        yearLevel: "2nd Year",
        contactNumber: "0917 000 0000",
        address: "Pasay City",
        studentId: "2021-7777",
      });
      expect(p.course?.code).toBe("BSAMT");
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row.passwordHash).toBe(user.passwordHash);
      expect(row.emailVerifiedAt).not.toBeNull();

      // Keys left out stay; empty values clear the optional fields.
      const q = await updateProfile(ctxOf(user), parsed({ bio: "", address: null }));
      expect(q).toMatchObject({
        bio: null,
        address: null,
        firstName: "Samuel",
        studentId: "2021-7777",
      });
      expect((await getProfile(ctxOf(user))).course?.code).toBe("BSAMT");
    });

    it("applies the name rules and refuses unknown courses and taken student IDs", async () => {
      const bad = parseProfilePatch({ firstName: "A", lastName: "" });
      expect(bad.ok).toBe(false);
      expect(!bad.ok && bad.issues.map((i) => i.message)).toEqual([
        "First name must be at least 2 characters",
        "Last name is required",
      ]);
      const bad2 = parseProfilePatch({ firstName: null, yearLevel: "9th Year" });
      expect(!bad2.ok && bad2.issues.map((i) => i.message)).toEqual([
        "First name is required",
        "Please choose a valid year level",
      ]);

      const { user } = await createUser(t.db, { role: "alumni" });
      await createUser(t.db, { studentId: "TAKEN-1" });
      await expect(
        updateProfile(ctxOf(user), parsed({ course: "Basket Weaving" })),
      ).rejects.toBeInstanceOf(ValidationError);
      await expect(
        updateProfile(ctxOf(user), parsed({ studentId: "taken-1" })),
      ).rejects.toBeInstanceOf(Conflict);
    });

    it("leaves an admin's student fields alone", async () => {
      const { user } = await createUser(t.db, { role: "admin" });
      const p = await updateProfile(
        ctxOf(user),
        parsed({
          firstName: "Ada",
          studentId: "S-1",
          course: "BSAE",
          yearLevel: "Graduate",
          phone: "1",
        }),
      );
      expect(p).toMatchObject({
        firstName: "Ada",
        studentId: null,
        course: null,
        yearLevel: null,
        phone: "1",
        role: "admin",
      });
    });

    it("needs a signed-in user and answers 'Profile not found' for a vanished one", async () => {
      await expect(getProfile({ db: t.db, actor: null })).rejects.toBeInstanceOf(Unauthorized);
      const ghost: Ctx = {
        db: t.db,
        actor: {
          id: "00000000-0000-4000-8000-000000000000",
          role: "student",
          email: "g@example.edu",
        },
      };
      await expect(getProfile(ghost)).rejects.toThrow(PROFILE_MSG.notFound);
      await expect(updateProfile(ghost, { bio: "x" })).rejects.toBeInstanceOf(NotFound);
    });

    it("stores the photo as a 256×256 WebP and deletes the previous one", async () => {
      const { user } = await createUser(t.db);
      const p1 = await updateProfilePhoto(ctxOf(user), new Blob([await png()]));
      expect(p1.avatarUrl).toMatch(/^\/files\/[0-9a-f-]{36}$/);
      const id1 = p1.avatarUrl!.split("/").pop()!;
      const [f1] = await t.db.select().from(files).where(eq(files.id, id1));
      expect(f1).toMatchObject({
        kind: "avatar",
        contentType: "image/webp",
        width: 256,
        height: 256,
      });

      const p2 = await updateProfilePhoto(ctxOf(user), new Blob([await png(100, 100)]));
      expect(p2.avatarUrl).not.toBe(p1.avatarUrl);
      expect(await t.db.select().from(files).where(eq(files.id, id1))).toHaveLength(0);

      const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: "image/png" });
      await expect(updateProfilePhoto(ctxOf(user), svg)).rejects.toBeInstanceOf(UnsupportedMedia);
      await expect(
        updateProfilePhoto(ctxOf(user), new Blob([new Uint8Array(2 * 1024 * 1024 + 1)])),
      ).rejects.toBeInstanceOf(PayloadTooLarge);
      await expect(updateProfilePhoto(ctxOf(user), null)).rejects.toBeInstanceOf(ValidationError);
      expect((await getProfile(ctxOf(user))).avatarUrl).toBe(p2.avatarUrl);
    });
  });
});
