/** The dashboard's number cards, as a description list (label → value) for assistive tech. */
export function StatCards({ items }: { items: Array<{ label: string; value: number }> }) {
  return (
    <dl className="stat-grid">
      {items.map((i) => (
        <div key={i.label} className="card stat-card">
          <dt className="stat-label">{i.label}</dt>
          <dd className="stat-value">{i.value.toLocaleString("en-US")}</dd>
        </div>
      ))}
    </dl>
  );
}
