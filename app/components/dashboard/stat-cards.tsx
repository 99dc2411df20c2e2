/**
 * The dashboard's number cards, as a description list (label → value) for assistive tech. A card
 * with `to` is a link to the list it counts (the label is the link; the whole card is its target).
 */
import { Link } from "@remix-run/react";

export interface StatCardItem {
  label: string;
  value: number;
  /** The list this number counts, filtered to exactly what is counted. */
  to?: string;
}

export function StatCards({ items }: { items: StatCardItem[] }) {
  return (
    <dl className="stat-grid">
      {items.map((i) => (
        <div key={i.label} className={i.to ? "card stat-card stat-card-link" : "card stat-card"}>
          <dt className="stat-label">
            {i.to ? (
              <Link to={i.to} className="stat-link">
                {i.label}
              </Link>
            ) : (
              i.label
            )}
          </dt>
          <dd className="stat-value">{i.value.toLocaleString("en-US")}</dd>
        </div>
      ))}
    </dl>
  );
}
