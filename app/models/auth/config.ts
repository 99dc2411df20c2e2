/**
 * What the account models need to know of the installation. The doors build it from their
 * configuration (`authConfigFrom(env())`) and hand it in; no model reads the environment itself.
 */
import type { Db, DbOrTx } from "#db/client";
import type { Ctx } from "../context";

export interface AuthConfig {
  /** Keys the HMACs of verification codes and of the signed /verify-otp state (SESSION_SECRET). */
  secret: string;
  /** Runway's public origin, for the links in mail. */
  publicUrl: string;
  collegeName: string;
  collegeInfoEmail: string;
  /** The college's mail domain (a personal address must be outside it). */
  collegeEmailDomain: string;
  /** The password policy: the configured minimum length and the installation's own words. */
  passwordMinLength: number;
  passwordWords: string[];
}

/** The database and the configuration: what the account functions that mail or sign work with. */
export interface AuthCtx<D extends DbOrTx = Db> {
  db: D;
  config: AuthConfig;
}

/** A model context that also carries the account configuration. */
export type ConfiguredCtx = Ctx & { config: AuthConfig };

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Words of this installation a guesser tries first: Runway, the college's name, short name and domain. */
export function collegeWords(e: {
  COLLEGE_NAME: string;
  COLLEGE_SHORT_NAME: string;
  COLLEGE_EMAIL_DOMAIN: string;
}): string[] {
  const domainLabels = e.COLLEGE_EMAIL_DOMAIN.split(".").slice(0, -1);
  const words = [
    "runway",
    e.COLLEGE_NAME,
    ...e.COLLEGE_NAME.split(/\s+/),
    e.COLLEGE_SHORT_NAME,
    e.COLLEGE_EMAIL_DOMAIN,
    ...domainLabels,
  ];
  return [...new Set(words.map(squash).filter((w) => w.length >= 3))];
}

/** The account configuration from a parsed environment (the doors pass `env()`). */
export function authConfigFrom(e: {
  SESSION_SECRET: string;
  PUBLIC_URL: string;
  COLLEGE_NAME: string;
  COLLEGE_SHORT_NAME: string;
  COLLEGE_EMAIL_DOMAIN: string;
  COLLEGE_INFO_EMAIL: string;
  PASSWORD_MIN_LENGTH: number;
}): AuthConfig {
  return {
    secret: e.SESSION_SECRET,
    publicUrl: e.PUBLIC_URL,
    collegeName: e.COLLEGE_NAME,
    collegeInfoEmail: e.COLLEGE_INFO_EMAIL,
    collegeEmailDomain: e.COLLEGE_EMAIL_DOMAIN.toLowerCase(),
    passwordMinLength: e.PASSWORD_MIN_LENGTH,
    passwordWords: collegeWords(e),
  };
}
