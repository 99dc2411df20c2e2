/**
 * GET /api/admin/users without paging is streamed batch by batch; its body is byte for byte what
 * the one-array answer (`json()` of `listAllUsers`) wrote, over more than one batch.
 */
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { apiReplacer } from "../../app/lib/api-view";
import { listAllUsers, STREAM_BATCH } from "../../app/models/user/admin.server";
import { readUserListQuery } from "../../app/models/user/admin.schema";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";
import { createUser } from "../factories";

describe("streamed user list", () => {
  forEachDb((t) => {
    const app = useServer(t, { mail: false });

    it("answers the same bytes as the one-array builder, under every sort and a filter", async () => {
      const { user, password } = await createUser(t.db, { role: "admin" });
      const token = await app.token(user.email, password);
      await createUser(t.db, { role: "alumni", firstName: "Juan", lastName: "dela Cruz" });
      // More than one batch: the joins between batches must not show.
      await t.db.insert(users).values(
        Array.from({ length: STREAM_BATCH + 25 }, (_, i) => ({
          email: `s${i}@example.edu`,
          passwordHash: null,
          role: i % 3 ? ("student" as const) : ("alumni" as const),
          firstName: ["Ana", "bea", "José"][i % 3],
          lastName: ["Cruz", "santos"][i % 2],
          isActive: i % 5 !== 0,
          createdAt: new Date(Date.UTC(2025, 0, 1) + (i % 4) * 1000),
        })),
      );
      const ctx = { db: t.db, actor: { id: user.id, role: "admin" as const, email: user.email } };
      const publicUrl = new URL(app.url).origin;
      for (const qs of [
        "",
        "sort=name&dir=asc",
        "sort=status&dir=desc",
        "role=alumni&sort=email",
      ]) {
        const r = await app.fetch(`/api/admin/users${qs ? `?${qs}` : ""}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        expect(r.status, qs).toBe(200);
        expect(r.headers.get("content-type"), qs).toBe("application/json; charset=utf-8");
        const body = await r.text();
        const old = await listAllUsers(ctx, readUserListQuery(new URLSearchParams(qs)));
        expect(old.length, qs).toBeGreaterThan(0);
        // The test server's PUBLIC_URL may differ from its address; no user here has a photo, so
        // the replacer's media rule does not apply and the rest of the view is compared in full.
        expect(body, qs).toBe(JSON.stringify(old, apiReplacer(publicUrl)));
      }
      const none = await app.fetch("/api/admin/users?q=nobody-at-all", {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(await none.text()).toBe("[]");
    });
  });
});
