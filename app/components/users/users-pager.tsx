/** 'Page X of Y • N total' with Previous and Next, disabled at the ends. */
import { Link, useLocation } from "@remix-run/react";

const TRANSIENT = ["created", "confirm", "id", "error"];

export function UsersPager({ page, pages, total }: { page: number; pages: number; total: number }) {
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
        Page {page} of {pages} • {total.toLocaleString("en-US")} total
      </p>
      <div className="row">
        {link(page - 1, "Previous", page <= 1)}
        {link(page + 1, "Next", page >= pages)}
      </div>
    </nav>
  );
}
