/**
 * Manage Users filters: search, role, status, course, rows per page, Reset. A GET form, so it
 * works without JavaScript; with it, changes apply as you type (350 ms debounce) or select. The form
 * never carries `page`, so any change returns to page 1.
 */
import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PAGE_SIZES, ROLES, SEARCH_DEBOUNCE_MS } from "#db/constants";
import type { UserListQuery } from "~/models/user/admin.schema";

function toSearch(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [k, v] of new FormData(form)) {
    if (typeof v === "string" && v.trim() !== "") params.set(k, v.trim());
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

export function UsersFilters({
  query,
  courses,
}: {
  query: UserListQuery;
  courses: Array<{ id: string; name: string }>;
}) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const apply = () => {
    if (formRef.current)
      navigate(`/admin/users${toSearch(formRef.current)}`, {
        replace: true,
        preventScrollReset: true,
      });
  };

  // Keep the fields in step with the URL (Reset, back/forward), except the box being typed in.
  useEffect(() => {
    const f = formRef.current;
    if (!f) return;
    const set = (name: string, value: string) => {
      const el = f.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
      if (el && el !== document.activeElement) el.value = value;
    };
    set("q", query.q);
    set("role", query.role ?? "");
    set("status", query.status ?? "");
    set("course", query.course ?? "");
    set("verified", query.verified === null ? "" : String(query.verified));
    set("size", String(query.size));
  }, [query]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const sortKept = query.sort !== "createdAt" || query.dir !== "desc";
  return (
    <Form
      method="get"
      action="/admin/users"
      role="search"
      aria-label="Filter users"
      className="users-filters card"
      ref={formRef}
      onSubmit={(e) => {
        e.preventDefault();
        clearTimeout(timer.current);
        apply();
      }}
      onChange={(e) => {
        clearTimeout(timer.current);
        if ((e.target as HTMLElement).getAttribute("name") === "q")
          timer.current = setTimeout(apply, SEARCH_DEBOUNCE_MS);
        else apply();
      }}
    >
      <div className="field filter-search">
        <label htmlFor="users-q" className="field-label">
          Search
        </label>
        <input
          id="users-q"
          type="search"
          name="q"
          defaultValue={query.q}
          placeholder="Name or email"
          maxLength={100}
          autoComplete="off"
        />
      </div>
      <div className="field">
        <label htmlFor="users-role" className="field-label">
          Role
        </label>
        <select id="users-role" name="role" defaultValue={query.role ?? ""}>
          <option value="">All roles</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="users-status" className="field-label">
          Status
        </label>
        <select id="users-status" name="status" defaultValue={query.status ?? ""}>
          <option value="">All</option>
          <option value="active">active</option>
          <option value="inactive">inactive</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="users-verified" className="field-label">
          Verified
        </label>
        <select
          id="users-verified"
          name="verified"
          defaultValue={query.verified === null ? "" : String(query.verified)}
        >
          <option value="">All</option>
          <option value="true">Yes</option>
          <option value="false">No</option>
        </select>
      </div>
      <div className="field filter-course">
        <label htmlFor="users-course" className="field-label">
          Course
        </label>
        <select id="users-course" name="course" defaultValue={query.course ?? ""}>
          <option value="">All</option>
          {courses.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="users-size" className="field-label">
          Rows per page
        </label>
        <select id="users-size" name="size" defaultValue={String(query.size)}>
          {PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      {sortKept ? (
        <>
          <input type="hidden" name="sort" value={query.sort} />
          <input type="hidden" name="dir" value={query.dir} />
        </>
      ) : null}
      <div className="filter-buttons">
        <button type="submit" className="btn btn-primary">
          Search
        </button>
        <Link to="/admin/users" className="btn" replace preventScrollReset>
          Reset
        </Link>
      </div>
    </Form>
  );
}
