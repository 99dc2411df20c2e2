/** The `<option>`s of a select: one per value, shown by its label (the value where it has none). */
export function Options<T extends string>({
  values,
  labels,
}: {
  values: readonly T[];
  labels?: Partial<Record<T, string>>;
}) {
  return (
    <>
      {values.map((v) => (
        <option key={v} value={v}>
          {labels?.[v] ?? v}
        </option>
      ))}
    </>
  );
}
