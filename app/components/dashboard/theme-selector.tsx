/**
 * The admin theme selector. The choice is kept in localStorage under `admin_theme` and
 * applied as `<html data-admin-theme="palette">`; the layout's inline head script re-applies it
 * before paint on the next load, so this component only writes on change.
 */
import { useEffect, useId, useState } from "react";
import { ADMIN_THEME_STORAGE_KEY } from "#db/constants";
import { useHydrated } from "../charts/use-hydrated";
import { adminThemes, paletteFor } from "./theme";

export function ThemeSelector({ collegeShortName }: { collegeShortName: string }) {
  const id = useId();
  const hydrated = useHydrated();
  const themes = adminThemes(collegeShortName);
  const [value, setValue] = useState("default");
  useEffect(() => {
    try {
      const stored = window.localStorage.getItem(ADMIN_THEME_STORAGE_KEY);
      if (stored && paletteFor(stored, collegeShortName)) setValue(stored);
    } catch {
      /* storage blocked: keep the default */
    }
  }, [collegeShortName]);
  return (
    <div className="theme-selector">
      <label htmlFor={id}>Theme</label>
      <select
        id={id}
        value={value}
        disabled={!hydrated}
        onChange={(e) => {
          const next = e.currentTarget.value;
          setValue(next);
          try {
            window.localStorage.setItem(ADMIN_THEME_STORAGE_KEY, next);
          } catch {
            /* private mode: the theme still applies for this page */
          }
          document.documentElement.dataset.adminTheme =
            paletteFor(next, collegeShortName) ?? "default";
        }}
      >
        {themes.map((t) => (
          <option key={t.id} value={t.id}>
            {t.label}
          </option>
        ))}
      </select>
    </div>
  );
}
