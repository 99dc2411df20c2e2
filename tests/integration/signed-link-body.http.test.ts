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

    /** Each page's answers to every body of BODIES, as [label, status, text]. */
    const answers = async (pages: string[]) => {
      const out: Array<[string, number, string]> = [];
      for (const page of pages)
        for (const [type, body] of BODIES) {
          const res = await app.fetch(page, {
            method: "POST",
            headers: { "Content-Type": type, Accept: "text/html" },
            body,
          });
          out.push([`${page} ${type}`, res.status, await res.text()]);
        }
      return out;
    };

    it("answer 400 with a message, never 500", async () => {
      for (const [label, status, text] of await answers(PAGES)) {
        expect(status, label).toBe(400);
        expect(text, label).toContain("The request contained something Runway cannot accept");
        expect(text, label).toContain("Send the form as application/x-www-form-urlencoded");
      }
    });

    it("every other form screen answers 400 too, whatever its own error answer", async () => {
      const screens = ["/login", "/register", "/employers", "/forgot-password", "/verify-otp"];
      for (const [label, status, text] of await answers(screens)) {
        expect(status, label).toBe(400);
        expect(text, label).toContain("Send the form as application/x-www-form-urlencoded");
      }
    });
  });
});
