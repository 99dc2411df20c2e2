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

/** `failed`: the numbers could not be loaded; they show zero and a notice above says so. */
export function StatCards({ items, failed = false }: { items: StatCardItem[]; failed?: boolean }) {
  return (
    <>
      {failed ? (
        <p className="alert alert-error" role="alert">
          Statistics could not be loaded; the numbers below show zero.
        </p>
      ) : null}
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
    </>
  );
}
