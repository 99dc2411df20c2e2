/** The page frame: navigation bar, main content, footer, notifications. */
import { useMatches } from "@remix-run/react";
import { useEffect } from "react";
import type { PublicConfig } from "~/lib/env.server";
import type { PublicUser } from "~/models/user/user.server";
import { Toaster, type Flash, type ToasterPosition } from "../ui/notify";
import { FlashRegion } from "./flash-region";
import { Footer } from "./footer";
import { NavBar } from "./navbar";
import { NavigationProgress } from "./navigation-progress";

export { menuFor } from "./menu";

/**
 * Keeps <html data-admin-theme> right after client-side sign-in and sign-out (the <head> boot
 * script only runs on full page loads) and follows a theme chosen in another tab. The theme code
 * loads for admins only: everyone else just has the attribute removed.
 */
function useAdminPalette(isAdminUser: boolean, shortName: string) {
  useEffect(() => {
    if (!isAdminUser) {
      document.documentElement.removeAttribute("data-admin-theme");
      return;
    }
    let stop = () => {};
    let active = true;
    void import("./theme").then(
      ({ ADMIN_THEME_KEY, applyPalette, paletteFor, readStoredThemeId }) => {
        if (!active) return;
        applyPalette(paletteFor(readStoredThemeId(), shortName));
        const onStorage = (e: StorageEvent) => {
          if (e.key === ADMIN_THEME_KEY) applyPalette(paletteFor(e.newValue, shortName));
        };
        window.addEventListener("storage", onStorage);
        stop = () => window.removeEventListener("storage", onStorage);
      },
    );
    return () => {
      active = false;
      stop();
    };
  }, [isAdminUser, shortName]);
}

/**
 * At the bottom everywhere (bottom-right on wide screens, full width on phones), so a notice never
 * covers the bar, its menus, the avatar or the controls at the top of a page (the admin's theme
 * picker); a route may still ask for another place with `handle = { toaster: … }`.
 */
function useToasterPosition(): ToasterPosition {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i].handle as { toaster?: ToasterPosition } | undefined;
    if (h?.toaster) return h.toaster;
  }
  return "bottom";
}

export function AppShell({
  user,
  config,
  flashes,
  children,
}: {
  user: PublicUser | null;
  config: PublicConfig;
  flashes?: Flash[];
  children: React.ReactNode;
}) {
  useAdminPalette(user?.role === "admin", config.collegeShortName);
  const position = useToasterPosition();
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <NavigationProgress />
      <NavBar user={user} />
      <FlashRegion flashes={flashes} />
      <div id="main" className="app-main" tabIndex={-1}>
        {children}
      </div>
      <Footer config={config} user={user} />
      <Toaster position={position} />
    </div>
  );
}
