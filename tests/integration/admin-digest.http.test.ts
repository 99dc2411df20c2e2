/**
 * The weekly digest setting on /profile, without JavaScript: shown to administrators only, saved
 * by a plain form post, and refused (403) to anyone else who posts it.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";
import { createUser } from "../factories";

describe("weekly digest setting over HTTP", () => {
  forEachDb((t) => {
    const app = useServer(t, { mail: false });
    const post = (cookie: string, fields: Record<string, string>) =>
      app.fetch("/profile", {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      });
    const optOut = async (id: string) =>
      (await t.db.select().from(users).where(eq(users.id, id)))[0].adminDigestOptOut;

    it("lets an administrator turn it off and on from the profile", async () => {
      const admin = await createUser(t.db, { role: "admin" });
      const cookie = await app.cookie(admin.user.email, admin.password);
      const page = await (await app.fetch("/profile", { headers: { Cookie: cookie } })).text();
      expect(page).toContain("Weekly digest");
      expect(page).toMatch(/name="digest"[^>]*checked/);
      const off = await post(cookie, { intent: "digest" });
      expect(off.status).toBe(302);
      expect(await optOut(admin.user.id)).toBe(true);
      await post(cookie, { intent: "digest", digest: "on" });
      expect(await optOut(admin.user.id)).toBe(false);
    });

    it("is not offered to students and refuses their post", async () => {
      const student = await createUser(t.db, { role: "student" });
      const cookie = await app.cookie(student.user.email, student.password);
      const page = await (await app.fetch("/profile", { headers: { Cookie: cookie } })).text();
      expect(page).not.toContain("Weekly digest");
      expect((await post(cookie, { intent: "digest" })).status).toBe(403);
      expect(await optOut(student.user.id)).toBe(false);
    });
  });
});
