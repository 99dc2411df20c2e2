/** `runway surveys list/export`: the CLI export equals the web export byte for byte. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { forEachDb } from "../../tests/setup/db";
import { useServer } from "../../tests/setup/http";
import { createSurvey, createUser } from "../../tests/factories";
import { captureIo } from "../testing";
import { runSurveysExport, runSurveysList } from "./surveys";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "runway-surveys-cli-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("runway surveys", () => {
  forEachDb((t) => {
    const app = useServer(t, { mail: false });

    it("exports the same bytes as the web export, with and without a role filter", async () => {
      const { survey, questions } = await createSurvey(t.db, {
        title: 'Tracer, "quoted"',
        questions: [
          { text: "Job title", type: "short_text", required: true },
          { text: "Skills", type: "checkbox", options: ["Safety", "=SUM(A1)", "Ñandú"] },
          { text: "Programme", type: "rating" },
        ],
      });
      const answer = async (role: "student" | "alumni", title: string) => {
        const { user, password } = await createUser(t.db, {
          role,
          firstName: "José",
          lastName: "Dela Cruz",
        });
        const token = await app.token(user.email, password);
        const r = await app.api(`/api/surveys/${survey.id}/responses`, {
          token,
          body: {
            answers: [
              { questionId: questions[0].id, type: "short_text", value: title },
              { questionId: questions[1].id, type: "checkbox", value: ["=SUM(A1)", "Ñandú"] },
              { questionId: questions[2].id, type: "rating", value: 4 },
            ],
          },
        });
        expect(r.status).toBe(201);
      };
      await answer("student", 'Intern, line "A"\nsecond line');
      await answer("alumni", "@First officer");
      const { user: admin, password } = await createUser(t.db, { role: "admin" });
      const token = await app.token(admin.email, password);

      for (const role of [undefined, "alumni"] as const) {
        const web = await app.fetch(
          `/api/surveys/${survey.id}/responses/export${role ? `?role=${role}` : ""}`,
          {
            headers: { Authorization: `Bearer ${token}` },
          },
        );
        expect(web.status).toBe(200);
        const webBytes = Buffer.from(await web.arrayBuffer());
        const out = path.join(tmp, `${t.driver}-${role ?? "all"}.csv`);
        const io = captureIo().io;
        expect(await runSurveysExport(survey.id, { role, out }, { handle: t.handle, io })).toBe(0);
        expect(fs.readFileSync(out).equals(webBytes)).toBe(true);
        const cap = captureIo();
        await runSurveysExport(survey.id, { role }, { handle: t.handle, io: cap.io });
        expect(Buffer.from(cap.out(), "utf8").equals(webBytes)).toBe(true);
        expect(webBytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      }
    });

    it("lists surveys and refuses an unknown id or role", async () => {
      const { survey } = await createSurvey(t.db, { title: "Pulse", audience: "alumni" });
      const cap = captureIo();
      await runSurveysList({ json: true }, { handle: t.handle, io: cap.io });
      expect(JSON.parse(cap.out())).toEqual([
        {
          id: survey.id,
          title: "Pulse",
          status: "active",
          audience: "alumni",
          cohort: "Alumni",
          anonymous: false,
          questions: 1,
          responses: 0,
        },
      ]);
      await expect(
        runSurveysExport("not-an-id", {}, { handle: t.handle, io: captureIo().io }),
      ).rejects.toThrow(/not found/i);
      await expect(
        runSurveysExport(survey.id, { role: "teacher" }, { handle: t.handle, io: captureIo().io }),
      ).rejects.toMatchObject({ exitCode: 2 });
    });
  });
});
