import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

/**
 * True when the browser asked to save data (`Save-Data: on`, read by the root loader): lists then
 * show initials instead of company logos and avatars. Pages that vary on it say so (`Vary: Save-Data`).
 */
export function useSaveData(): boolean {
  return useRouteLoaderData<typeof rootLoader>("root")?.saveData === true;
}
