/**
 * Admin colour themes. Four theme ids — `default`, `emerald`, `rose` and the
 * college's short name — map onto four palettes defined in app.css as
 * `[data-admin-theme="…"]` overrides of the accent tokens. Isomorphic: the admin dashboard's
 * selector, the root's no-flash boot script and the shell all use these.
 */

export type Palette = "default" | "emerald" | "rose" | "gold";
export const PALETTES: readonly Palette[] = ["default", "emerald", "rose", "gold"];

/** localStorage key of the chosen theme id. */
export const ADMIN_THEME_KEY = "admin_theme";

export interface AdminTheme {
  id: string;
  label: string;
  palette: Palette;
}

const BUILT_IN: readonly AdminTheme[] = [
  { id: "default", label: "Default Blue", palette: "default" },
  { id: "emerald", label: "Emerald", palette: "emerald" },
  { id: "rose", label: "Rose", palette: "rose" },
];

/**
 * The fourth theme's id is the college short name. If a deployment picks a short name equal to a
 * built-in id, two themes would share one id and the gold palette could never be chosen, so the
 * id falls back to `gold` in that case.
 */
function goldId(shortName: string): string {
  const s = (shortName ?? "").trim();
  return !s || BUILT_IN.some((t) => t.id === s) ? "gold" : s;
}

/** The four themes of the admin dashboard selector, in display order. */
export function adminThemes(shortName: string): AdminTheme[] {
  return [...BUILT_IN, { id: goldId(shortName), label: "Gold", palette: "gold" }];
}

/** The palette of a stored theme id; unknown, empty or missing ids give `default`. */
export function paletteFor(id: string | null | undefined, shortName: string): Palette {
  if (!id) return "default";
  return adminThemes(shortName).find((t) => t.id === id)?.palette ?? "default";
}

/**
 * A tiny script for <head> (admins only): reads localStorage before first paint and sets
 * `data-admin-theme` on <html>, so a reload never flashes the default colours. Everything is in
 * try/catch because localStorage throws in some privacy modes.
 */
export function themeBootScript(shortName: string): string {
  const map = Object.fromEntries(adminThemes(shortName).map((t) => [t.id, t.palette]));
  // JSON is valid JS; escaping "<" keeps a hostile value from closing the <script> element.
  const json = (v: unknown) => JSON.stringify(v).replace(/</g, "\\u003c");
  return (
    `(function(){try{var m=${json(map)};var id=window.localStorage.getItem(${json(ADMIN_THEME_KEY)});` +
    `var p=id&&Object.prototype.hasOwnProperty.call(m,id)?m[id]:"default";` +
    `document.documentElement.setAttribute("data-admin-theme",p)}catch(e){}})();`
  );
}

/** Browser only: the stored theme id, or null (no storage, or storage refused). */
export function readStoredThemeId(): string | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage.getItem(ADMIN_THEME_KEY);
  } catch {
    return null;
  }
}

/** Browser only: sets the palette on <html>, or removes it (null) for non-admins and guests. */
export function applyPalette(palette: Palette | null): void {
  if (typeof document === "undefined") return;
  const root = document.documentElement;
  if (palette) root.setAttribute("data-admin-theme", palette);
  else root.removeAttribute("data-admin-theme");
}
