/**
 * The college's time zone (`COLLEGE_TIMEZONE`, from the root loader's public configuration) for
 * components that write a date or time with app/lib/datetime.ts. UTC when there is no root data
 * (an error page before the root loader ran).
 */
import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

export function useCollegeTimeZone(): string {
  return useRouteLoaderData<typeof rootLoader>("root")?.config.timeZone ?? "UTC";
}
