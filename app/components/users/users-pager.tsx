/**
 * 'Page X of Y • N total' with Previous and Next, disabled at the ends. On a list too long to count
 * on every page, 'Page X of about Y • about N total' (the estimate of all users) or 'Page X of more
 * than Y • more than N total' (a filtered list past the counted cap).
 */
import { Link, useLocation } from "@remix-run/react";

const TRANSIENT = ["created", "confirm", "id", "error"];

export function UsersPager({
  page,
  pages,
  total,
  approx = null,
}: {
  page: number;
  pages: number;
  total: number;
  approx?: "about" | "more" | null;
}) {
  const { pathname, search } = useLocation();
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    for (const k of TRANSIENT) params.delete(k);
    params.set("page", String(p));
    return `${pathname}?${params}`;
  };
  const link = (p: number, text: string, disabled: boolean) =>
    disabled ? (
      <span className="btn btn-sm" aria-disabled="true" role="link">
        {text}
      </span>
    ) : (
      <Link className="btn btn-sm" to={href(p)} preventScrollReset>
        {text}
      </Link>
    );
  return (
    <nav className="users-pager" aria-label="Pagination">
      <p className="users-pager-text">
        {approx === "about" ? (
          <>
            Page {page} of about {pages.toLocaleString("en-US")} • about{" "}
            {total.toLocaleString("en-US")} total
          </>
        ) : approx === "more" ? (
          <>
            Page {page} of more than {(pages - 1).toLocaleString("en-US")} • more than{" "}
            {total.toLocaleString("en-US")} total
          </>
        ) : (
          <>
            Page {page} of {pages} • {total.toLocaleString("en-US")} total
          </>
        )}
      </p>
      <div className="row">
        {link(page - 1, "Previous", page <= 1)}
        {link(page + 1, "Next", page >= pages)}
      </div>
    </nav>
  );
}
