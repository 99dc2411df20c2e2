/**
 * The admin theme's <head> boot script, for the server's HTML only. The browser never needs its
 * text: the script runs from the server's HTML before hydration, and React leaves a hydrated
 * script's content alone, so the theme code stays out of every page's bundle (app/root.tsx).
 */
export { themeBootScript } from "./theme";
