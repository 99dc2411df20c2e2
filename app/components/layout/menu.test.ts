import { describe, expect, it } from "vitest";
import { FOOTER_LINKS, footerLinksFor, initials, menuFor, roleLabel } from "./menu";
import { menuFor as fromShell } from "./app-shell";

const flat = (items: { to: string; label: string }[]) => items.map((i) => `${i.label} ${i.to}`);

describe("menuFor (the product spec's navigation bar and footer)", () => {
  it("guest: Home, Jobs, Login, Register", () => {
    expect(flat(menuFor(null))).toEqual([
      "Home /",
      "Jobs /jobs",
      "Login /login",
      "Register /register",
    ]);
    expect(flat(menuFor(undefined))).toEqual(flat(menuFor(null)));
  });

  it("student and alumni: Dashboard, Jobs, Saved jobs, Job alerts, My applications, Profile", () => {
    for (const role of ["student", "alumni"]) {
      expect(flat(menuFor({ role }))).toEqual([
        "Dashboard /dashboard",
        "Jobs /jobs",
        "Saved jobs /saved-jobs",
        "Job alerts /alerts",
        "My applications /applications",
        "Profile /profile",
      ]);
    }
  });

  it("admin: Dashboard, Companies, Jobs, Reports, Users, Survey, OJT", () => {
    expect(flat(menuFor({ role: "admin" }))).toEqual([
      "Dashboard /dashboard",
      "Companies /admin/companies",
      "Jobs /admin/jobs",
      "Reports /admin/reports",
      "Users /admin/users",
      "Survey /admin/surveys",
      "OJT /admin/ojt",
    ]);
  });

  it("employer: My jobs, Team, Jobs", () => {
    expect(flat(menuFor({ role: "employer" }))).toEqual([
      "My jobs /employer",
      "Team /employer/team",
      "Jobs /jobs",
    ]);
  });

  it("hands out copies, so a caller cannot change the menu of the next request", () => {
    menuFor(null)[0].label = "Changed";
    expect(menuFor(null)[0].label).toBe("Home");
  });

  it("is still exported from the app shell", () => {
    expect(fromShell).toBe(menuFor);
  });
});

describe("footer and user block helpers", () => {
  it("footer links: Home, Job Search, Dashboard, Profile, and employers' sign-up", () => {
    expect(flat([...FOOTER_LINKS])).toEqual([
      "Home /",
      "Job Search /jobs",
      "Dashboard /dashboard",
      "Profile /profile",
      "Hiring? Post a job /employers",
    ]);
  });

  it("an employer's footer links its own pages, not the members' or the sign-up", () => {
    expect(flat([...footerLinksFor({ role: "employer" })])).toEqual([
      "Home /",
      "Job Search /jobs",
      "My jobs /employer",
      "Team /employer/team",
    ]);
    expect(footerLinksFor(null)).toBe(FOOTER_LINKS);
  });

  it("a signed-in student's or alumnus's footer has no employer sign-up link", () => {
    for (const role of ["student", "alumni"])
      expect(flat([...footerLinksFor({ role })])).toEqual([
        "Home /",
        "Job Search /jobs",
        "Dashboard /dashboard",
        "Profile /profile",
      ]);
    expect(flat([...footerLinksFor({ role: "admin" })])).toContain("Hiring? Post a job /employers");
  });

  it("labels the user type", () => {
    expect(roleLabel("student")).toBe("Student");
    expect(roleLabel("alumni")).toBe("Alumni");
    expect(roleLabel("admin")).toBe("Admin");
    expect(roleLabel(null)).toBe("User");
    expect(roleLabel("coordinator")).toBe("OJT Coordinator");
  });

  it("coordinator: the OJT placements of their programmes and the job board only", () => {
    expect(flat(menuFor({ role: "coordinator" }))).toEqual(["OJT /admin/ojt", "Jobs /jobs"]);
  });

  it("makes initials from a display name or an e-mail", () => {
    expect(initials("Sam Student")).toBe("SS");
    expect(initials("Maria Clara de la Cruz")).toBe("MC");
    expect(initials("ada.reyes@example.edu")).toBe("AR");
    expect(initials("User")).toBe("U");
    expect(initials("")).toBe("U");
  });
});
