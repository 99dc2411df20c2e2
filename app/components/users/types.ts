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
  /** Graduation year, shown as 'Class of 2024'. */
  graduationYear?: number | null;
  courseName: string | null;
  isActive: boolean;
  isEmailVerified: boolean;
  avatarUrl: string | null;
  /** Employers only: company and trust signals. */
  employer?: {
    companyName: string | null;
    domainVerified: boolean;
    freeMail: boolean;
    employerVerified: boolean;
    isBlocked: boolean;
    companyBlocked: boolean;
  } | null;
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

/** 'year level • course name • Class of 2024' for students and alumni, else a dash. */
export function yearCourse(
  u: Pick<UserRowView, "role" | "yearLevel" | "courseName" | "graduationYear">,
): string {
  if (u.role !== "student" && u.role !== "alumni") return "—";
  const classOf = u.graduationYear ? `Class of ${u.graduationYear}` : null;
  return [u.yearLevel, u.courseName, classOf].filter(Boolean).join(" • ") || "—";
}
