/**
 * The stored values the public job board's filter form offers (the job types, a licence's
 * length), apart from ./constants, which re-exports them: esbuild splits the browser build by
 * module, so importing them from ./constants brought every list any screen uses (~0.9 KB gzipped)
 * into the board's JavaScript.
 */
export const JOB_TYPES = ["internship", "ojt", "part-time", "full-time", "contract"] as const;
export type JobType = (typeof JOB_TYPES)[number];

/** A licence or certificate of a job: at most this long. */
export const LICENCE_MAX = 80;
