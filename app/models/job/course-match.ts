/**
 * Which jobs suit a course (the student dashboard's "New jobs for your course"). Jobs carry no course,
 * so a course is matched by words: the programme's trades for the college's own courses, else the
 * distinctive words of the course name. Each word matches as a prefix in the job's search text
 * (title, company, categories, descriptions), the way the board's search does.
 */
import { searchWords } from "./job.schema";

/** Trades per course code (db/constants COURSES); prefixes, so 'maint' also finds 'maintenance'. */
export const COURSE_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  BSAE: ["aeronautical", "aerospace", "engineer", "design", "structures"],
  "BSAT-AF": ["pilot", "flying", "flight", "cadet", "aviator"],
  BSAMT: ["maintenance", "mechanic", "technician", "hangar", "aircraft"],
  BSAET: ["avionics", "electronics", "electrical", "instrument"],
  AAMT: ["maintenance", "mechanic", "technician", "hangar", "aircraft"],
  AAET: ["avionics", "electronics", "electrical", "instrument"],
  "BSAC-FO": ["operations", "dispatch", "communication", "flight"],
  "BSATM-TM": ["travel", "tourism", "cabin", "ticketing", "hospitality"],
  "BSSM-AL": ["logistics", "supply", "cargo", "warehouse", "procurement"],
  BSASSM: ["safety", "security", "screening", "compliance"],
  "BSIT-AIT": ["software", "developer", "programmer", "network", "computer", "systems"],
  "BSIS-AIS": ["systems", "analyst", "data", "database", "computer", "software"],
  "MEd-AM": ["training", "instructor", "education", "management"],
  "MPA-GAA": ["administration", "airport", "government", "management"],
};

// Words every programme name shares: they say nothing about the trade.
const GENERIC = new Set(
  "bs ba ab in of and the with for major minor specialization associate master masters bachelor science arts aviation technology".split(
    " ",
  ),
);

/** The match words of a course (at most 8), or none without a course. */
export function courseKeywords(
  course: { code: string; name: string } | null | undefined,
): string[] {
  if (!course) return [];
  const known = COURSE_KEYWORDS[course.code];
  if (known) return [...known];
  return searchWords(course.name)
    .filter((w) => w.length >= 3 && !GENERIC.has(w))
    .slice(0, 8);
}
