import { NavLink } from "@remix-run/react";
import type { MenuItem } from "./menu";

/** The menu links; NavLink marks the current one with aria-current="page" and `.active`. */
export function NavItems({ items, className }: { items: MenuItem[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((i) => (
        <li key={i.to}>
          <NavLink
            to={i.to}
            end={i.to === "/" || i.to === "/dashboard"}
            className="nav-link"
            prefetch="intent"
          >
            {i.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
