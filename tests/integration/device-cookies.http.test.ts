/**
 * A campus behind one address (ADR 111, OWASP device cookies) over HTTP against the built server:
 * 100 failed sign-ins to random addresses from one client address throttle that address, yet a
 * person whose browser or client signed in to the account before (a valid device cookie) still
 * signs in, on the screen and over /api; without one, or with one for another account or forged,
 * the address stays throttled; a device cookie that fails too often is locked out itself. And
 * per-address keys take an IPv6 client's /64.
 */
import { describe, expect, it } from "vitest";
import { createUser } from "../factories";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";

// Read by the built server's env() on first use: client addresses come from X-Forwarded-For.
process.env.TRUST_PROXY = "true";

const TOO_MANY = "Too many sign-in attempts. Please wait a few minutes and try again.";
let n = 0;
const uniq = () => `${Date.now().toString(36)}${++n}`;

/** The `runway_device=…` pair of a response's Set-Cookie headers, or null. */
function deviceCookie(res: { headers: Headers }): string | null {
  const set = res.headers.getSetCookie().find((c) => /^(__Host-)?runway_device=/.test(c));
  return set ? set.split(";")[0] : null;
}

describe("device cookies", () =>
  forEachDb((t) => {
    const app = useServer(t);

    const apiLogin = (email: string, password: string, ip: string, cookie?: string) =>
      app.api("/api/auth/login", {
        body: { email, password },
        headers: { "X-Forwarded-For": ip, ...(cookie ? { Cookie: cookie } : {}) },
      });
    const formLogin = (email: string, password: string, ip: string, cookie?: string) =>
      app.fetch("/login", {
        method: "POST",
        body: new URLSearchParams({ email, password }),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-For": ip,
          ...(cookie ? { Cookie: cookie } : {}),
        },
      });

    /**
     * 100 failed sign-ins to random addresses, ten at a time, from `ip` (a function: the i-th
     * attempt's address): that client's budget is spent.
     */
    async function spray(ip: string | ((i: number) => string)) {
      const at = typeof ip === "string" ? () => ip : ip;
      for (let round = 0; round < 10; round++)
        await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            apiLogin(`nobody.${uniq()}@example.edu`, "wrong-password", at(round * 10 + i)).then(
              (r) => expect(r.status).toBe(401),
            ),
          ),
        );
    }

    it("after 100 failures from a campus address, a known device still signs in; others stay throttled", async () => {
      const campus = "203.0.113.9";
      const alice = await createUser(t.db);
      const bob = await createUser(t.db);
      const carol = await createUser(t.db);
      // Alice signed in on the screen before, Bob through /api: each got a device cookie.
      const first = await formLogin(alice.user.email, alice.password, campus);
      expect(first.status).toBe(302);
      const aliceDevice = deviceCookie(first);
      expect(aliceDevice).toMatch(/^runway_device=/);
      const bobFirst = await apiLogin(bob.user.email, bob.password, campus);
      expect(bobFirst.status).toBe(200);
      const bobDevice = deviceCookie(bobFirst)!;
      expect(bobDevice).toBeTruthy();

      await spray(campus);

      // Without a device cookie the address is throttled, whoever signs in, right password or not.
      const carolTry = await apiLogin(carol.user.email, carol.password, campus);
      expect(carolTry.status).toBe(429);
      expect(carolTry.body.message).toBe(TOO_MANY);
      expect((await formLogin(carol.user.email, carol.password, campus)).status).toBe(429);
      // A device cookie for another account, or a forged one, does not help.
      expect((await apiLogin(carol.user.email, carol.password, campus, aliceDevice!)).status).toBe(
        429,
      );
      // One character of the signed value changed (not the last: base64's spare bits).
      const at = "runway_device=".length + 8;
      const flip = aliceDevice![at] === "A" ? "B" : "A";
      const forged = aliceDevice!.slice(0, at) + flip + aliceDevice!.slice(at + 1);
      expect((await apiLogin(alice.user.email, alice.password, campus, forged)).status).toBe(429);

      // With their device cookies Alice and Bob sign in, on the screen and over /api.
      const alice2 = await formLogin(alice.user.email, alice.password, campus, aliceDevice!);
      expect(alice2.status).toBe(302);
      expect(alice2.headers.getSetCookie().some((c) => /^runway_session=/.test(c))).toBe(true);
      const bob2 = await apiLogin(bob.user.email, bob.password, campus, bobDevice);
      expect(bob2.status).toBe(200);
      expect(bob2.body.token).toBeTruthy();
      expect((await apiLogin(alice.user.email, alice.password, campus, aliceDevice!)).status).toBe(
        200,
      );
      // A wrong password with a device cookie is an ordinary 401, not the address's 429.
      expect(
        (await apiLogin(alice.user.email, "wrong-password", campus, aliceDevice!)).status,
      ).toBe(401);
    });

    it("a device cookie that fails too often for its account is locked out itself, not the account's other devices", async () => {
      const dana = await createUser(t.db);
      const laptop = deviceCookie(await apiLogin(dana.user.email, dana.password, "192.0.2.10"))!;
      const phone = deviceCookie(await apiLogin(dana.user.email, dana.password, "192.0.2.11"))!;
      // One browser may remember several accounts (a lab computer): both cookies name Dana.
      for (let i = 0; i < 10; i++)
        expect(
          (await apiLogin(dana.user.email, `guess-${i}`, `198.51.100.${i}`, laptop)).status,
        ).toBe(401);
      // The eleventh attempt from that device is refused, even with the right password…
      const locked = await apiLogin(dana.user.email, dana.password, "198.51.100.99", laptop);
      expect(locked.status).toBe(429);
      expect(locked.body.message).toBe(TOO_MANY);
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(
        (await formLogin(dana.user.email, dana.password, "198.51.100.98", laptop)).status,
      ).toBe(429);
      // …while her phone, and a fresh browser at a fresh address, still sign in.
      expect((await apiLogin(dana.user.email, dana.password, "192.0.2.11", phone)).status).toBe(
        200,
      );
      expect((await apiLogin(dana.user.email, dana.password, "192.0.2.12")).status).toBe(200);
    });

    it("verifying the e-mail code signs in and makes the browser a known device too", async () => {
      const ip = "203.0.113.120";
      const { user, password } = await createUser(t.db, { verified: false });
      const res = await formLogin(user.email, password, ip);
      const to = res.headers.get("location")!;
      expect(to).toMatch(/^\/verify-otp\?s=/);
      const code = /\b(\d{6})\b/.exec((await app.smtp.waitFor(user.email)).text)![1];
      const form = new URLSearchParams({
        intent: "verify",
        s: new URL(to, app.url).searchParams.get("s")!,
      });
      for (const d of code) form.append("otp", d);
      const verified = await app.fetch(to, {
        method: "POST",
        body: form,
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": ip },
      });
      expect(verified.status).toBe(302);
      const device = deviceCookie(verified)!;
      expect(device).toBeTruthy();
      await spray(ip);
      expect((await apiLogin(user.email, password, ip)).status).toBe(429);
      expect((await apiLogin(user.email, password, ip, device)).status).toBe(200);
    });

    it("one browser remembers the accounts signed in on it", async () => {
      const ip = "203.0.113.77";
      const a = await createUser(t.db);
      const b = await createUser(t.db);
      const ca = deviceCookie(await formLogin(a.user.email, a.password, ip))!;
      const both = deviceCookie(await formLogin(b.user.email, b.password, ip, ca))!;
      await spray(ip);
      expect((await apiLogin(a.user.email, a.password, ip, both)).status).toBe(200);
      expect((await apiLogin(b.user.email, b.password, ip, both)).status).toBe(200);
    });

    it("an IPv6 client counts per /64: rotating addresses inside it does not reset the budget", async () => {
      await spray((i) => `2001:db8:7:7:${i.toString(16)}::1`);
      const { user, password } = await createUser(t.db);
      const other = await apiLogin(user.email, password, "2001:db8:7:7:ffff:1234:5678:9abc");
      expect(other.status).toBe(429);
      // Another /64 is another client; an IPv4-mapped address is its IPv4 client.
      expect((await apiLogin(user.email, password, "2001:db8:7:8::1")).status).toBe(200);
      await spray("192.0.2.200");
      expect((await apiLogin(user.email, password, "::ffff:192.0.2.200")).status).toBe(429);
    });
  }));
