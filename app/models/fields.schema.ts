/**
 * Field rules shared by the isomorphic schemas of several domains (user, admin, profile, job): written
 * once here so a form, /api and the CLI read a blank or too-long value the same way. Pure zod — no
 * server imports — so components may import it.
 */
import { z } from "zod";

/** An empty string (or a missing value) is stored as null. */
const emptyToNull = (v: string | null | undefined): string | null => (v ? v : null);

/**
 * Optional free text: trimmed, at most `max` characters (`message`, else zod's default), blank,
 * null or missing → null.
 */
export const optionalText = (max: number, message?: string) =>
  z.string().trim().max(max, message).optional().nullable().transform(emptyToNull);

/**
 * Like `optionalText`, but a missing key stays missing inside `.partial()` objects (an admin patch
 * changes only the keys it sends); an explicit null or blank still clears the field.
 */
export const nullableText = (max: number, message?: string) =>
  z.string().trim().max(max, message).nullable().transform(emptyToNull);

/** One of `values` after trimming (a year level, say), or null when blank, null or missing. */
export const optionalChoice = <const T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
) =>
  z
    .string()
    .trim()
    .optional()
    .nullable()
    .transform(emptyToNull)
    .pipe(z.enum(values, { error: message }).nullable());

/** `optionalChoice` for `.partial()` objects: a missing key stays missing (see `nullableText`). */
export const nullableChoice = <const T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
) =>
  z
    .string()
    .trim()
    .nullable()
    .transform(emptyToNull)
    .pipe(z.enum(values, { error: message }).nullable());

/**
 * A year from a form (text), a CSV cell (text) or JSON (a number): a whole number in [min, max], or
 * null when blank, null or missing. Anything else (a word, a fraction, a boolean) gets `message`.
 */
const yearNumber = (min: number, max: number, message: string) =>
  z
    .union([z.number(), z.string().trim()], { error: message })
    .nullable()
    .transform((v) =>
      v === null || v === "" ? null : typeof v === "number" ? v : /^\d+$/.test(v) ? Number(v) : NaN,
    )
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message).nullable());

/** An optional year (a graduation year): see `yearNumber`. */
export const optionalYear = (min: number, max: number, message: string) =>
  yearNumber(min, max, message)
    .optional()
    .transform((v) => v ?? null);

/** `optionalYear` for `.partial()` objects: a missing key stays missing (see `nullableText`). */
export const nullableYear = yearNumber;
