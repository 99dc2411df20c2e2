/** Admin themes: ids default, emerald, rose and the college short name; four palettes. */
import { BASE_THEMES } from "#db/constants";

export type Palette = "default" | "emerald" | "rose" | "gold";
export interface AdminTheme {
  id: string;
  label: string;
  palette: Palette;
}

/** The four themes; the fourth id is the college short name and draws the gold palette. */
export function adminThemes(collegeShortName: string): AdminTheme[] {
  const base = BASE_THEMES.map((t) => ({
    id: t.id as string,
    label: t.label as string,
    palette: t.id as Palette,
  }));
  // A short name equal to a base id would make two options share an id; fall back to "gold" then.
  const fourth = base.some((t) => t.id === collegeShortName) ? "gold" : collegeShortName;
  return [...base, { id: fourth, label: "Gold", palette: "gold" }];
}

/** The palette name for a stored theme id, or null when the id is not one of the four. */
export function paletteFor(
  id: string | null | undefined,
  collegeShortName: string,
): Palette | null {
  return adminThemes(collegeShortName).find((t) => t.id === id)?.palette ?? null;
}
