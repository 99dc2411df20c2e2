import { describe, expect, it } from "vitest";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";
import { createUser } from "../factories";

describe("sign-in foundation over HTTP", () => {
  forEachDb((t) => {
    const app = useServer(t);

    it("gives an API token that /api/auth/me accepts, and logout revokes it", async () => {
      const { user, password } = await createUser(t.db, { role: "alumni" });
      const token = await app.token(user.email, password);
      const me = await app.api("/api/auth/me", { token });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({
        _id: user.id,
        email: user.email,
        role: "alumni",
        userType: "alumni",
      });
      expect(JSON.stringify(me.body)).not.toContain("argon2");
      expect((await app.api("/api/auth/logout", { method: "POST", token })).status).toBe(200);
      expect((await app.api("/api/auth/me", { token })).status).toBe(401);
    });

    it("answers a wrong password and an unknown e-mail alike", async () => {
      const { user } = await createUser(t.db);
      const a = await app.api("/api/auth/login", {
        body: { email: user.email, password: "wrong-password" },
      });
      const b = await app.api("/api/auth/login", {
        body: { email: "nobody@example.edu", password: "wrong-password" },
      });
      expect(a.status).toBe(401);
      expect(b.status).toBe(401);
      expect(a.body).toEqual(b.body);
    });

    it("signs in through the form with a cookie session; unknown paths redirect home", async () => {
      const { user, password } = await createUser(t.db, { role: "admin" });
      const cookie = await app.cookie(user.email, password);
      const me = await app.api("/api/auth/me", { cookie });
      expect(me.body.role).toBe("admin");
      const r = await app.fetch("/no/such/page");
      expect(r.status).toBe(302);
      expect(r.headers.get("location")).toBe("/");
      const api404 = await app.api("/api/no-such-thing");
      expect(api404.status).toBe(404);
      expect(api404.body).toEqual({ message: "Not found" });
    });

    it("answers an oversized JSON body with a readable 413", async () => {
      const big = JSON.stringify({ email: "a@example.edu", password: "x".repeat(1_200_000) });
      const r = await app.api("/api/auth/login", { body: big });
      expect(r.status).toBe(413);
      expect(r.body).toEqual({ message: "Request body is too large" });
    });

    it("refuses malformed JSON with 400", async () => {
      const r = await app.api("/api/auth/login", { body: "{not json" });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe("Request body must be valid JSON");
    });
  });
});
