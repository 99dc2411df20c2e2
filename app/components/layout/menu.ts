/** Navigation data of the frame: the bar's menu per role and the footer's links. */
import type { Role } from "#db/constants";

export interface MenuItem {
  to: string;
  label: string;
}

const GUEST: MenuItem[] = [
  { to: "/", label: "Home" },
  { to: "/jobs", label: "Jobs" },
  { to: "/login", label: "Login" },
  { to: "/register", label: "Register" },
];
/** The spec's three, then what a student or alumnus keeps: saved jobs, alerts, Apply clicks. */
const MEMBER: MenuItem[] = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/jobs", label: "Jobs" },
  { to: "/saved-jobs", label: "Saved jobs" },
  { to: "/alerts", label: "Job alerts" },
  { to: "/applications", label: "My applications" },
  { to: "/profile", label: "Profile" },
];
const ADMIN: MenuItem[] = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/admin/companies", label: "Companies" },
  { to: "/admin/jobs", label: "Jobs" },
  { to: "/admin/reports", label: "Reports" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/surveys", label: "Survey" },
  // Internship placements and hours (OJT): every programme's, where a coordinator sees theirs.
  { to: "/admin/ojt", label: "OJT" },
];

/** An employer's own pages (the college's member pages are not theirs). */
const EMPLOYER: MenuItem[] = [
  { to: "/employer", label: "My jobs" },
  { to: "/employer/team", label: "Team" },
  { to: "/jobs", label: "Jobs" },
];

/**
 * An OJT coordinator manages the placements of their programmes and nothing else of the
 * admin area (ADR 114); the member pages (dashboard, profile) are not theirs either.
 */
const COORDINATOR: MenuItem[] = [
  { to: "/admin/ojt", label: "OJT" },
  { to: "/jobs", label: "Jobs" },
];

/** Menu per authentication state: guest, signed-in student/alumni, admin, employer, coordinator. */
export function menuFor(user: { role?: string | null } | null | undefined): MenuItem[] {
  if (!user) return GUEST.map((i) => ({ ...i }));
  const menu =
    user.role === "admin"
      ? ADMIN
      : user.role === "employer"
        ? EMPLOYER
        : user.role === "coordinator"
          ? COORDINATOR
          : MEMBER;
  return menu.map((i) => ({ ...i }));
}

/** The footer's site links. */
export const FOOTER_LINKS: readonly MenuItem[] = [
  { to: "/", label: "Home" },
  { to: "/jobs", label: "Job Search" },
  { to: "/dashboard", label: "Dashboard" },
  { to: "/profile", label: "Profile" },
  // Employer sign-up.
  { to: "/employers", label: "Hiring? Post a job" },
];

/**
 * An employer's footer: its own pages instead of Dashboard and Profile (which only
 * redirect it to /employer) and instead of the sign-up link it has already used.
 */
const EMPLOYER_FOOTER_LINKS: readonly MenuItem[] = [
  { to: "/", label: "Home" },
  { to: "/jobs", label: "Job Search" },
  { to: "/employer", label: "My jobs" },
  { to: "/employer/team", label: "Team" },
];

/** A signed-in student's or alumnus's footer: no employer sign-up link (they are not hiring). */
const MEMBER_FOOTER_LINKS: readonly MenuItem[] = FOOTER_LINKS.filter((l) => l.to !== "/employers");

/** The footer's site links for whoever is signed in (employers and members have their own). */
export function footerLinksFor(user: { role?: string | null } | null | undefined) {
  if (user?.role === "employer") return EMPLOYER_FOOTER_LINKS;
  if (user?.role === "student" || user?.role === "alumni") return MEMBER_FOOTER_LINKS;
  return FOOTER_LINKS;
}

const ROLE_LABELS: Record<Role, string> = {
  student: "Student",
  alumni: "Alumni",
  admin: "Admin",
  employer: "Employer",
  coordinator: "OJT Coordinator",
};

/** The user type as the bar shows it; unknown values are shown as given, empty as 'User'. */
export function roleLabel(role: string | null | undefined): string {
  if (!role) return "User";
  return ROLE_LABELS[role as Role] ?? role;
}

/** Up to two initials from a display name (the shared rule lives in the user schema). */
export { initialsOf as initials } from "~/models/user/names";
