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
const MEMBER: MenuItem[] = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/jobs", label: "Jobs" },
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

/** Issue 18: an employer's own pages (the college's member pages are not theirs). */
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
  // Issue 18: employer sign-up.
  { to: "/employers", label: "Hiring? Post a job" },
];

/**
 * An employer's footer (issue 18): its own pages instead of Dashboard and Profile (which only
 * redirect it to /employer) and instead of the sign-up link it has already used.
 */
const EMPLOYER_FOOTER_LINKS: readonly MenuItem[] = [
  { to: "/", label: "Home" },
  { to: "/jobs", label: "Job Search" },
  { to: "/employer", label: "My jobs" },
  { to: "/employer/team", label: "Team" },
];

/** The footer's site links for whoever is signed in (everyone but employers: FOOTER_LINKS). */
export function footerLinksFor(user: { role?: string | null } | null | undefined) {
  return user?.role === "employer" ? EMPLOYER_FOOTER_LINKS : FOOTER_LINKS;
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
