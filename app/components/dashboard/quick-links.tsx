/** A dashboard's list of shortcuts, as cards (the admin's "Quick actions", the student's "Next steps"). */
import { Link } from "@remix-run/react";

export function QuickLinks({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: ReadonlyArray<{ to: string; label: string }>;
}) {
  return (
    <section aria-labelledby={id} className="quick-actions">
      <h2 id={id}>{title}</h2>
      <ul className="quick-grid">
        {links.map((a) => (
          <li key={a.to}>
            <Link to={a.to} className="card quick-link">
              {a.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
