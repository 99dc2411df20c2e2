/**
 * /sw-register.js: a small script every page loads (async, outside the route bundles), built by
 * scripts/build-sw.mjs. It registers the service worker, tells it who is signed in (data-user on its
 * <script>; empty when nobody is) so other people's caches and drafts are removed, asks it to send the
 * survey outbox on each visit and when the network returns, clears the device copies on signing out,
 * and shows "Offline — last updated …" when a page was answered from the device with no network.
 */
import { CACHED_AT_HEADER, PUBLIC_CACHE, userCache } from "./policy";
import { formatDateTime } from "~/lib/datetime";

const script = document.currentScript as HTMLScriptElement | null;
const userId = script?.dataset.user || null;
const timeZone = script?.dataset.tz || "UTC";
const sw = navigator.serviceWorker as ServiceWorkerContainer | undefined;

function post(message: unknown) {
  sw?.ready.then((reg) => reg.active?.postMessage(message)).catch(() => {});
}

if (sw) {
  sw.register("/sw.js", { scope: "/" }).catch(() => {});
  const conn = (navigator as { connection?: { saveData?: boolean } }).connection;
  // With the page's path: a survey screen opened before the worker took over is kept all the same.
  post({ type: "user", userId, saveData: !!conn?.saveData, path: location.pathname });
  addEventListener("online", () => post({ type: "flush" }));
  // Signing out (the navigation's form): the worker drops this person's caches and drafts.
  document.addEventListener(
    "submit",
    (e) => {
      const form = e.target as HTMLFormElement;
      if (new URL(form.action, location.href).pathname === "/logout")
        sw.controller?.postMessage({ type: "signout" });
    },
    true,
  );
}

/** When the copy this page came from was fetched, if it came from the device. */
async function cachedAt(): Promise<number | null> {
  if (typeof caches === "undefined") return null;
  const names = [PUBLIC_CACHE, ...(userId ? [userCache(userId)] : [])];
  const url = location.pathname.startsWith("/surveys/")
    ? location.origin + location.pathname
    : location.href.split("#")[0];
  for (const n of names) {
    if (!(await caches.has(n))) continue;
    const hit = await (await caches.open(n)).match(url);
    const at = Number(hit?.headers.get(CACHED_AT_HEADER));
    if (at) return at;
  }
  return null;
}

async function offlineBanner() {
  if (navigator.onLine || document.getElementById("offline-banner")) return;
  const at = await cachedAt();
  if (!at) return;
  const p = document.createElement("p");
  p.id = "offline-banner";
  p.className = "alert alert-info offline-banner";
  p.setAttribute("role", "status");
  p.textContent = `Offline — last updated ${formatDateTime(at, timeZone)}`;
  document.body.append(p);
}

// After React has taken the page over (an element it did not render would be dropped then).
function whenSettled() {
  setTimeout(() => void offlineBanner().catch(() => {}), 1500);
}
if (document.readyState === "complete") whenSettled();
else addEventListener("load", whenSettled);
addEventListener("offline", whenSettled);
addEventListener("online", () => document.getElementById("offline-banner")?.remove());
