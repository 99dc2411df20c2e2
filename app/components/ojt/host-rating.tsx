/**
 * A company's average host rating from its interns' reviews, for a company section (job page,
 * company page). `hostRatingSummary` returns null below 3 reviews; null renders nothing, so an
 * individual review is never shown. No runtime imports: cheap on public pages.
 */
import type { HostRatingSummary } from "~/models/ojt/evaluation.schema";

export function HostRating({ rating }: { rating: HostRatingSummary | null }) {
  if (!rating) return null;
  return (
    <p className="host-rating">
      <strong>Intern rating: {rating.average.toFixed(1)} / 5</strong>{" "}
      <span className="muted">(average of {rating.count} OJT reviews by students)</span>
    </p>
  );
}
