/**
 * Notifications: plain and error 4000 ms, success 2000 ms, loading until dismissed or
 * replaced, at most 20 at once. Server-side notices arrive as flashes (see root loader) so they work
 * without JavaScript; client code calls `notify.success(...)` etc.
 */
import { useEffect, useSyncExternalStore } from "react";

export type NoticeKind = "blank" | "success" | "error" | "loading" | "info";
export interface Notice {
  id: number;
  kind: NoticeKind;
  message: string;
  duration: number | null;
}

export const DURATIONS: Record<NoticeKind, number | null> = {
  blank: 4000,
  info: 4000,
  error: 4000,
  success: 2000,
  loading: null,
};
export const MAX_NOTICES = 20;
/** A server notice carried across a redirect (root loader `flashes`). */
export interface Flash {
  kind: string;
  message: string;
}

const NO_NOTICES: Notice[] = [];

let notices: Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const emit = () => listeners.forEach((l) => l());

function schedule(n: Notice) {
  const old = timers.get(n.id);
  if (old) clearTimeout(old);
  if (n.duration != null && typeof window !== "undefined") {
    timers.set(
      n.id,
      setTimeout(() => dismiss(n.id), n.duration),
    );
  }
}

function show(
  kind: NoticeKind,
  message: string,
  opts: { duration?: number | null; id?: number } = {},
) {
  const duration = opts.duration === undefined ? DURATIONS[kind] : opts.duration;
  if (opts.id && notices.some((n) => n.id === opts.id)) {
    notices = notices.map((n) => (n.id === opts.id ? { ...n, kind, message, duration } : n));
    schedule(notices.find((n) => n.id === opts.id)!);
  } else {
    const n = { id: opts.id ?? nextId++, kind, message, duration };
    notices = [...notices, n].slice(-MAX_NOTICES);
    schedule(n);
  }
  emit();
  return opts.id ?? nextId - 1;
}

export function dismiss(id?: number) {
  notices = id === undefined ? [] : notices.filter((n) => n.id !== id);
  if (id !== undefined) timers.delete(id);
  emit();
}

/** `notify("…")`, `notify.success`, `.error`, `.info`, `.loading` (returns an id to update later). */
export const notify = Object.assign(
  (message: string, opts?: { duration?: number }) => show("blank", message, opts),
  {
    success: (m: string, o?: { id?: number; duration?: number }) => show("success", m, o),
    error: (m: string, o?: { id?: number; duration?: number }) => show("error", m, o),
    info: (m: string, o?: { id?: number; duration?: number }) => show("info", m, o),
    loading: (m: string, o?: { id?: number }) => show("loading", m, o),
    dismiss,
  },
);

/** The current notices (for tests and non-React callers). */
export const getNotices = (): readonly Notice[] => notices;

export function useNotices(): Notice[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => notices,
    // The server never shows notices; a constant keeps hydration in step.
    () => NO_NOTICES,
  );
}

// Flash lists already turned into toasts. Loader data keeps its identity until the root loader
// runs again, so this makes "shown exactly once" hold even when effects run twice (StrictMode).
const shownFlashes = new WeakSet<object>();

/** Shows server flashes as toasts, once per loader response (no-JS browsers see FlashRegion). */
export function useFlashes(flashes: Flash[] | undefined) {
  useEffect(() => {
    if (!flashes?.length || shownFlashes.has(flashes)) return;
    shownFlashes.add(flashes);
    for (const f of flashes)
      show(f.kind === "error" ? "error" : f.kind === "success" ? "success" : "info", f.message);
  }, [flashes]);
}

const ICONS: Partial<Record<NoticeKind, string>> = { success: "✓", error: "!", info: "i" };

/** Where the notification stack sits: at the bottom (never over the bar, its menus or a page's top). */
export type ToasterPosition = "bottom" | "top-right";

/** The notification stack. */
export function Toaster({ position = "bottom" }: { position?: ToasterPosition }) {
  const list = useNotices();
  return (
    <div
      className={`toaster toaster-${position}`}
      role="region"
      aria-label="Notifications"
      aria-live="polite"
    >
      {list.map((n) => (
        <div
          key={n.id}
          className={`toast toast-${n.kind}`}
          role={n.kind === "error" ? "alert" : "status"}
        >
          {n.kind === "loading" ? (
            <span className="spinner spinner-sm" aria-hidden />
          ) : ICONS[n.kind] ? (
            <span className="toast-icon" aria-hidden>
              {ICONS[n.kind]}
            </span>
          ) : null}
          <span className="toast-message">{n.message}</span>
          <button
            type="button"
            className="toast-close"
            aria-label="Dismiss notification"
            onClick={() => dismiss(n.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
