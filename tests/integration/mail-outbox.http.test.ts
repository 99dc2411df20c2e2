/**
 * Mail with secrets end to end over HTTP: the built server queues, the sender delivers to a real
 * SMTP sink with the stored address as the only recipient, and once delivered the outbox row keeps
 * the audit (to, template, subject, sent_at, attempts) but neither the code nor the link.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema";
import { forEachDb, rows, type TestDb } from "../setup/db";
import { useServer } from "../setup/http";
import { createUser } from "../factories";
import { codeFrom, linkFrom } from "../setup/smtp-sink";

async function outboxText(t: TestDb): Promise<string> {
  const r = await rows<{ row: string }>(t, sql`select m::text as row from mail_outbox m`);
  return r.map((x) => x.row).join("\n");
}

async function sentRow(t: TestDb, to: string, template: string) {
  for (let i = 0; i < 250; i++) {
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    if (row?.status === "sent" && row.template === template) return row;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no sent ${template} mail to ${to}`);
}

describe("outbox over HTTP", () =>
  forEachDb((t) => {
    const app = useServer(t);

    it("register: the code goes to the stored address only, works, and is gone from the outbox", async () => {
      const email = `outbox.${Date.now().toString(36)}@example.edu`;
      const reg = await app.api("/api/auth/register", {
        body: {
          userType: "student",
          firstName: "Ana",
          lastName: "Cruz",
          email: `  ${email.toUpperCase()} `,
          password: "secret-pass-mango",
          studentId: `S-${Date.now().toString(36)}`,
          course: "BSAE",
          yearLevel: "4th Year",
        },
      });
      expect(reg.status).toBe(201);
      const mail = await app.smtp.waitFor(email);
      expect(mail.to).toEqual([email]);
      expect(app.smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
      const otp = codeFrom(mail);
      const row = await sentRow(t, email, "verify_email");
      expect(row).toMatchObject({ attempts: 1, text: null, html: null, notice: null, claim: null });
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(await outboxText(t)).not.toContain(otp);
      const v = await app.api("/api/auth/verify-otp", { body: { email, otp } });
      expect(v.status).toBe(200);
    });

    it("forgot password: the link arrives, sets the password, and no token stays in the outbox", async () => {
      const { user } = await createUser(t.db);
      expect(
        (await app.api("/api/auth/forgot-password", { body: { email: user.email } })).status,
      ).toBe(200);
      const mail = await app.smtp.waitFor(user.email);
      expect(mail.to).toEqual([user.email]);
      const link = new URL(linkFrom(mail));
      const token = link.searchParams.get("token")!;
      await sentRow(t, user.email, "password_reset");
      const all = await outboxText(t);
      expect(all).not.toContain(token);
      expect(all).not.toContain(encodeURIComponent(token));
      const set = await app.api("/api/auth/reset-password", {
        body: { email: user.email, token, password: "new-password-9" },
      });
      expect(set.status).toBe(200);
    });
  }));
