/**
 * The registrar's invitation end to end: `runway users import` queues the mail, the server's sender
 * delivers it to a real SMTP sink, and its link lets the new user set a password and sign in.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runUsersImport } from "../../cli/commands/users";
import { captureIo } from "../../cli/testing";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";
import { linkFrom } from "../setup/smtp-sink";

describe("registrar invitation", () => {
  forEachDb((t) => {
    const app = useServer(t);

    it("lets an imported student set a password from the e-mailed link and sign in", async () => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "invite-")), "one.csv");
      fs.writeFileSync(
        file,
        "email,firstName,lastName,role,studentId,course,yearLevel,phone\r\nnew.student@example.edu,Nina,Navarro,student,2026-0001,BSAE,4th Year,\r\n",
      );
      const { exitCode } = await runUsersImport(file, {}, { handle: t.handle, io: captureIo().io });
      expect(exitCode).toBe(0);

      const mail = await app.smtp.waitFor("new.student@example.edu");
      const link = new URL(linkFrom(mail));
      const token = link.searchParams.get("token")!;
      const page = await app.fetch(`${link.pathname}${link.search}`);
      expect(page.status).toBe(200);

      // No password yet: signing in fails until the link is used.
      expect(
        (
          await app.api("/api/auth/login", {
            body: { email: "new.student@example.edu", password: "first-password-1" },
          })
        ).status,
      ).toBe(401);
      const set = await app.api("/api/auth/reset-password", {
        body: { email: "new.student@example.edu", token, password: "first-password-1" },
      });
      expect(set.status).toBe(200);
      const bearer = await app.token("new.student@example.edu", "first-password-1");
      const me = await app.api("/api/auth/me", { token: bearer });
      expect(me.body).toMatchObject({
        email: "new.student@example.edu",
        role: "student",
        isEmailVerified: true,
      });

      const again = await app.api("/api/auth/reset-password", {
        body: { email: "new.student@example.edu", token, password: "another-password-2" },
      });
      expect(again.status).toBe(400);
    });
  });
});
