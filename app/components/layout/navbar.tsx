/** The navigation bar: brand, the menu for the viewer's role, the user block. */
import { Link } from "@remix-run/react";
import type { PublicUser } from "~/models/user/user.server";
import { BrandMark } from "./brand";
import { menuFor } from "./menu";
import { MobileMenu } from "./mobile-menu";
import { NavItems } from "./nav-items";
import { UserBlock } from "./user-block";

export function NavBar({ user }: { user: PublicUser | null }) {
  const items = menuFor(user);
  return (
    <header className="navbar">
      <div className="navbar-inner">
        <Link to="/" className="brand">
          <BrandMark />
          <span>Runway</span>
        </Link>
        <nav aria-label="Main" className="nav-desktop">
          <NavItems items={items} className="nav-list" />
        </nav>
        {user ? <UserBlock user={user} className="nav-desktop" /> : null}
        <MobileMenu items={items} user={user} />
      </div>
    </header>
  );
}
