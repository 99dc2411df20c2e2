/**
 * A form's starting values for optional text fields: each named field of the record, or "" where
 * the record has none (null or absent), so the field starts empty. Keys keep the order given.
 */
export function textDefaults<T extends object, const K extends keyof T>(
  record: T,
  keys: readonly K[],
): { [P in K]: NonNullable<T[P]> | "" } {
  const out = {} as { [P in K]: NonNullable<T[P]> | "" };
  for (const k of keys) out[k] = record[k] ?? "";
  return out;
}
