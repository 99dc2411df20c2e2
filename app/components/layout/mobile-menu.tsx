/**
 * The collapsible menu below 768 px, mirroring the bar's items and the user block.
 * Without JavaScript it is a native <details> disclosure. Once hydrated it becomes a button with
 * aria-expanded that closes on navigation, on Escape and on a click outside.
 */
import { useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import type { PublicUser } from "~/models/user/user.server";
import { useHydrated } from "../ui/use-hydrated";
import type { MenuItem } from "./menu";
import { NavItems } from "./nav-items";
import { UserBlock } from "./user-block";

function MenuIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d="M3 5h14M3 10h14M3 15h14"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function MobileMenu({ items, user }: { items: MenuItem[]; user: PublicUser | null }) {
  const hydrated = useHydrated();
  const location = useLocation();
  // Open "at" a location: any navigation changes the key, which closes the menu without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpenAt(null);
        toggle.current?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpenAt(null);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, [open]);

  const panel = (
    <div className="mobile-panel" id={panelId}>
      <nav aria-label="Mobile">
        <NavItems items={items} className="mobile-list" />
      </nav>
      {user ? <UserBlock user={user} className="nav-user-mobile" /> : null}
    </div>
  );

  if (!hydrated) {
    return (
      <details className="mobile-menu">
        <summary className="btn btn-ghost mobile-toggle">
          <MenuIcon />
          Menu
        </summary>
        {panel}
      </details>
    );
  }
  return (
    <div className="mobile-menu" ref={root} data-open={open || undefined}>
      <button
        ref={toggle}
        type="button"
        className="btn btn-ghost mobile-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenAt(open ? null : location.key)}
      >
        <MenuIcon />
        Menu
      </button>
      <div hidden={!open}>{panel}</div>
    </div>
  );
}
