/**
 * The choices the /register form offers: the courses grouped by institute and the year levels a
 * student or alumnus may give. Read here, on the server, so that the page's browser module does
 * not import `#db/constants`: esbuild keeps even an import used only by the loader as a load of
 * the shared chunk holding every list of the app (~0.9 KB gzipped).
 */
import type { Db } from "#db/client";
import { REGISTER_YEAR_LEVELS } from "#db/constants";
import { listCourseGroups } from "~/models/course/course.server";

export async function registerChoices(db: Db) {
  return { courseGroups: await listCourseGroups(db), yearLevels: REGISTER_YEAR_LEVELS };
}
