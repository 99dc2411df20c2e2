/**
 * Manage Users filters: search, role, status, verified, joined (the dashboard's New Users card),
 * course, rows per page, Reset. A GET form, so it
 * works without JavaScript; with it, changes apply as you type (350 ms debounce) or select. The form
 * never carries `page`, so any change returns to page 1.
 */
import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ROLES } from "#db/constants";
import { Field } from "~/components/ui/field";
import { PlainField } from "~/components/ui/plain-field";
import { useDebounced } from "~/components/ui/use-debounced";
import type { UserListQuery } from "~/models/user/admin.schema";
import { PAGE_SIZES } from "~/lib/paging";
import { NEW_USERS_DAYS } from "~/models/stats/stats.rules";

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
  const debounced = useDebounced();
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
    set("joined", query.joinedDays === null ? "" : String(query.joinedDays));
    set("size", String(query.size));
  }, [query]);

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
        debounced.cancel();
        apply();
      }}
      onChange={(e) => {
        if ((e.target as HTMLElement).getAttribute("name") === "q") debounced.schedule(apply);
        else {
          debounced.cancel();
          apply();
        }
      }}
    >
      <PlainField id="users-q" label="Search" className="filter-search">
        {(ctrl) => (
          <input
            {...ctrl}
            type="search"
            name="q"
            defaultValue={query.q}
            placeholder="Name or email"
            maxLength={100}
            autoComplete="off"
          />
        )}
      </PlainField>
      <Field label="Role" id="users-role">
        {(ctrl) => (
          <select {...ctrl} name="role" defaultValue={query.role ?? ""}>
            <option value="">All roles</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Status" id="users-status">
        {(ctrl) => (
          <select {...ctrl} name="status" defaultValue={query.status ?? ""}>
            <option value="">All</option>
            <option value="active">active</option>
            <option value="inactive">inactive</option>
          </select>
        )}
      </Field>
      <Field label="Verified" id="users-verified">
        {(ctrl) => (
          <select
            {...ctrl}
            name="verified"
            defaultValue={query.verified === null ? "" : String(query.verified)}
          >
            <option value="">All</option>
            <option value="true">Yes</option>
            <option value="false">No</option>
          </select>
        )}
      </Field>
      <Field label="Joined" id="users-joined">
        {(ctrl) => (
          <select
            {...ctrl}
            name="joined"
            defaultValue={query.joinedDays === null ? "" : String(query.joinedDays)}
          >
            <option value="">Any time</option>
            {query.joinedDays !== null && query.joinedDays !== NEW_USERS_DAYS ? (
              <option value={query.joinedDays}>Last {query.joinedDays} days</option>
            ) : null}
            <option value={NEW_USERS_DAYS}>Last {NEW_USERS_DAYS} days</option>
          </select>
        )}
      </Field>
      <Field label="Course" id="users-course" className="filter-course">
        {(ctrl) => (
          <select {...ctrl} name="course" defaultValue={query.course ?? ""}>
            <option value="">All</option>
            {courses.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Rows per page" id="users-size">
        {(ctrl) => (
          <select {...ctrl} name="size" defaultValue={String(query.size)}>
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        )}
      </Field>
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
