/** The survey responses export (`responsesCsv`) read whole into one string, for assertions. */
import type { Db } from "../../db/client";
import { responsesCsv } from "../../app/models/survey/export.server";
import type { RoleFilter } from "../../app/models/survey/survey.server";

export async function responsesCsvString(
  db: Db,
  surveyId: string,
  opts: { role?: RoleFilter } = {},
): Promise<string> {
  let s = "";
  for await (const chunk of responsesCsv(db, surveyId, opts)) s += chunk;
  return s;
}
