/** Shapes shared by the Manage Users screen and its components. */
import type { Role } from "#db/constants";

export interface UserRowView {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Verified personal address, shown under the college one. */
  personalEmail?: string | null;
  role: Role;
  yearLevel: string | null;
  courseName: string | null;
  isActive: boolean;
  isEmailVerified: boolean;
  avatarUrl: string | null;
}

export type UserActionResult =
  | { ok: true; intent: "toggle" | "delete"; message: string }
  | {
      ok: false;
      intent: "toggle" | "delete";
      banner: string;
      pageError: string;
      reason: string | null;
    };

/** 'year level • course name' for students and alumni, else a dash. */
export function yearCourse(u: Pick<UserRowView, "role" | "yearLevel" | "courseName">): string {
  if (u.role !== "student" && u.role !== "alumni") return "—";
  return [u.yearLevel, u.courseName].filter(Boolean).join(" • ") || "—";
}
