/**
 * Server flashes (notices carried across a redirect by a cookie the root loader reads and clears)
 * for browsers without JavaScript. With JavaScript the same flashes arrive as toasts through
 * `useFlashes`; <noscript> keeps this copy out of their way, so each flash is shown exactly once.
 */
import type { Flash } from "../ui/notify";

export function FlashRegion({ flashes }: { flashes: Flash[] | undefined }) {
  if (!flashes?.length) return null;
  return (
    <noscript>
      <div className="flash-static" role="status">
        {flashes.map((f, i) => (
          <p
            key={i}
            className={`alert alert-${f.kind === "error" ? "error" : f.kind === "success" ? "success" : "info"}`}
          >
            {f.message}
          </p>
        ))}
      </div>
    </noscript>
  );
}
