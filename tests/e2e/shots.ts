/**
 * The screenshot specs' shared pieces: they run only with SHOTS_DIR set (for a person to look at,
 * not assertions), and save `<name>-<width>.png` there.
 */
import path from "node:path";
import { test, type Page } from "@playwright/test";

/** Call at the top of a screenshot spec: skips it unless SHOTS_DIR is set. */
export const onlyWithShotsDir = () =>
  test.skip(!process.env.SHOTS_DIR, "screenshots only when SHOTS_DIR is set");

/** Saves the page (whole, unless `full` is false) as `<name>-<width>.png` in SHOTS_DIR. */
export const shot = (page: Page, name: string, full = true) =>
  page.screenshot({
    path: path.join(process.env.SHOTS_DIR!, `${name}-${page.viewportSize()!.width}.png`),
    fullPage: full,
  });
