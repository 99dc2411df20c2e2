/**
 * docs/security.md, "Sessions": in production behind an https PUBLIC_URL the session cookie is `__Host-` prefixed
 * (Secure, Path=/, no Domain) and only that name signs anyone in.
 */
import { describe, expect, it } from "vitest";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";
import { createUser } from "../factories";

// Read by the built server's env() on first use (in beforeAll).
process.env.NODE_ENV = "production";
process.env.PUBLIC_URL = "https://runway.example.edu";

describe("production session cookie", () =>
  forEachDb((t) => {
    const app = useServer(t);

    it("is __Host-runway_session, Secure, Path=/, host-only; the bare name is ignored", async () => {
      const { user, password } = await createUser(t.db);
      const res = await app.fetch("/login", {
        method: "POST",
        body: new URLSearchParams({ email: user.email, password }),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(res.status).toBe(302);
      const set = res.headers.getSetCookie().find((c) => c.startsWith("__Host-runway_session="));
      expect(set).toBeDefined();
      expect(set).toMatch(/; Secure/i);
      expect(set).toMatch(/; Path=\//i);
      expect(set).toMatch(/; HttpOnly/i);
      expect(set).not.toMatch(/Domain=/i);
      expect(res.headers.getSetCookie().some((c) => c.startsWith("runway_session="))).toBe(false);
      const pair = set!.split(";")[0];
      expect((await app.fetch("/profile", { headers: { Cookie: pair } })).status).toBe(200);
      const bare = pair.replace(/^__Host-/, "");
      expect((await app.fetch("/profile", { headers: { Cookie: bare } })).status).toBe(302);
      expect(await app.cookie(user.email, password)).toMatch(/^__Host-runway_session=/);
    });

    it("logout clears the prefixed cookie", async () => {
      const { user, password } = await createUser(t.db);
      const cookie = await app.cookie(user.email, password);
      const out = await app.fetch("/logout", { method: "POST", headers: { Cookie: cookie } });
      expect(
        out.headers
          .getSetCookie()
          .some(
            (c) =>
              /^__Host-runway_session=;/.test(c) || /^__Host-runway_session=.*Max-Age=0/i.test(c),
          ),
      ).toBe(true);
    });
  }));
