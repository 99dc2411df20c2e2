/**
 * A thin bar at the top of the window while a client navigation or form submission is loading.
 * This stands in for the spec's "spinner while the authentication state loads": with server
 * rendering the signed-in user is known on the first paint, so there is no such wait; the waits
 * that remain are navigations. CSS delays it slightly so fast navigations do not flicker.
 */
import { useNavigation } from "@remix-run/react";

export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div
      className="nav-progress"
      role="progressbar"
      aria-label="Loading page"
      aria-valuetext="Loading"
    >
      <div className="nav-progress-bar" />
    </div>
  );
}
