/**
 * What the OJT models need of the installation: the college's clock (what "today" and "the
 * future" are — the server decides, never the phone), the public origin for the supervisors'
 * links, the college's name for mail. The doors build it from env(); the CLI marks itself as
 * `system` (every programme), a guest never is.
 */
import type { Ctx } from "../context";
import { todayIn } from "./ojt.schema";

export interface OjtConfig {
  timeZone: string;
  publicUrl: string;
  collegeName: string;
  /** The clock (tests move it); the real time when absent. */
  now?: () => Date;
}

export type OjtCtx = Ctx & {
  ojt: OjtConfig;
  /** The CLI and the server's timer act for the whole college; never set by a web door. */
  system?: boolean;
};

export function ojtConfigFrom(e: {
  COLLEGE_TIMEZONE: string;
  PUBLIC_URL: string;
  COLLEGE_NAME: string;
}): OjtConfig {
  return {
    timeZone: e.COLLEGE_TIMEZONE,
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ""),
    collegeName: e.COLLEGE_NAME,
  };
}

export function nowOf(cfg: OjtConfig): Date {
  return cfg.now ? cfg.now() : new Date();
}

/** Today's date on the college's clock. */
export function todayOf(cfg: OjtConfig): string {
  return todayIn(cfg.timeZone, nowOf(cfg));
}
