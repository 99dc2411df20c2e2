/** The course choices grouped by institute, for every course dropdown. */
export interface CourseGroup {
  institute: string;
  label: string;
  courses: Array<{ id: string; name: string }>;
}

export function CourseOptions({
  groups,
  placeholder,
}: {
  groups: CourseGroup[];
  /** The empty first choice of a single select; none for a multiple select. */
  placeholder?: string;
}) {
  return (
    <>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {groups.map((g) => (
        <optgroup key={g.institute} label={g.label}>
          {g.courses.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
