/** The page frame: navigation bar, main content, footer, notifications. */
import { Form, Link, NavLink } from "@remix-run/react";
import type { PublicConfig } from "~/lib/env.server";
import type { PublicUser } from "~/models/user/user.server";
import { displayName } from "~/models/user/user.schema";
import { Toaster } from "../ui/notify";

type Item = { to: string; label: string };

/** Menu per authentication state (spec §2.2). */
export function menuFor(user: Pick<PublicUser, "role"> | null): Item[] {
  if (!user)
    return [
      { to: "/", label: "Home" },
      { to: "/jobs", label: "Jobs" },
      { to: "/login", label: "Login" },
      { to: "/register", label: "Register" },
    ];
  if (user.role === "admin")
    return [
      { to: "/dashboard", label: "Dashboard" },
      { to: "/admin/companies", label: "Companies" },
      { to: "/admin/jobs", label: "Jobs" },
      { to: "/admin/users", label: "Users" },
      { to: "/admin/surveys", label: "Survey" },
    ];
  return [
    { to: "/dashboard", label: "Dashboard" },
    { to: "/jobs", label: "Jobs" },
    { to: "/profile", label: "Profile" },
  ];
}

export function AppShell({
  user,
  config,
  children,
}: {
  user: PublicUser | null;
  config: PublicConfig;
  children: React.ReactNode;
}) {
  const items = menuFor(user);
  return (
    <>
      <a href="#main" className="visually-hidden">
        Skip to content
      </a>
      <header className="navbar">
        <div className="navbar-inner">
          <Link to="/" className="brand">
            Runway
          </Link>
          <nav aria-label="Main">
            <ul className="nav-list">
              {items.map((i) => (
                <li key={i.to}>
                  <NavLink to={i.to} end={i.to === "/"}>
                    {i.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {user ? (
            <div className="nav-user">
              <span className="nav-user-name">{displayName(user)}</span>
              <span className="badge">{user.role}</span>
              <Form method="post" action="/logout">
                <button type="submit" className="btn btn-sm">
                  Logout
                </button>
              </Form>
            </div>
          ) : null}
        </div>
      </header>
      <div id="main">{children}</div>
      <footer className="footer">
        <p>
          {config.collegeName} · Runway — an internship and alumni management system connecting students and alumni with job
          opportunities.
        </p>
      </footer>
      <Toaster />
    </>
  );
}
