/**
 * Screens read a POST's fields from its form: a body that is not a form (JSON, text, a broken
 * multipart) is the sender's mistake, a 400 that says so, never a 500. The signed-link pages (the
 * alerts' and the survey mail's unsubscribe) show it on the error page; every screen goes through
 * the same wrapper (app/web/screen.server.ts).
 */
import { describe, expect, it } from "vitest";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";

const PAGES = [
  "/alerts/unsubscribe?alert=00000000-0000-0000-0000-000000000000&token=AAAA",
  "/surveys/unsubscribe?user=00000000-0000-0000-0000-000000000000&token=AAAA",
  "/alerts/unsubscribe",
  "/surveys/unsubscribe",
];

const BODIES: Array<[string, string]> = [
  ["text/plain", "List-Unsubscribe=One-Click"],
  ["application/json", '{"List-Unsubscribe":"One-Click"}'],
  ["multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=\r\n\r\nbroken"],
  ["multipart/form-data", "no boundary at all"],
];

describe("signed-link pages with a body that is not a form", () => {
  forEachDb((t) => {
    const app = useServer(t, { mail: false });

    it("answer 400 with a message, never 500", async () => {
      for (const page of PAGES)
        for (const [type, body] of BODIES) {
          const res = await app.fetch(page, {
            method: "POST",
            headers: { "Content-Type": type, Accept: "text/html" },
            body,
          });
          const text = await res.text();
          expect(res.status, `${page} ${type}`).toBe(400);
          expect(text).toContain("The request contained something Runway cannot accept");
          expect(text).toContain("Send the form as application/x-www-form-urlencoded");
        }
    });

    it("every other form screen answers 400 too, whatever its own error answer", async () => {
      const screens = ["/login", "/register", "/employers", "/forgot-password", "/verify-otp"];
      for (const page of screens)
        for (const [type, body] of BODIES) {
          const res = await app.fetch(page, {
            method: "POST",
            headers: { "Content-Type": type, Accept: "text/html" },
            body,
          });
          const text = await res.text();
          expect(res.status, `${page} ${type}`).toBe(400);
          expect(text, `${page} ${type}`).toContain(
            "Send the form as application/x-www-form-urlencoded",
          );
        }
    });
  });
});
