/**
 * widget.js entry: `<script src="https://runway…/widget.js" async data-limit="5" …>` renders after
 * the script tag (or into data-target); `window.RunwayJobs.mount(element, options)` for pages that
 * build their own layout. The only global is RunwayJobs; nothing here ever throws into the host page.
 */
import { render } from "react-dom";
import { CSS } from "./styles";
import { optionsFromDataset, parseOptions, type RawOptions } from "./options";
import { Guard, Widget } from "./widget";

const script = document.currentScript as HTMLScriptElement | null;
// The Runway origin is where this script came from: the feed and job links live there.
const origin = (() => {
  try {
    return new URL(script?.src || location.href).origin;
  } catch {
    return location.origin;
  }
})();

const mounted = new WeakMap<Element, () => void>();

/** Renders the widget into `element` (inside a Shadow DOM); returns an unmount function. */
function mount(element: Element | string, raw: RawOptions = {}): () => void {
  try {
    const el = typeof element === "string" ? document.querySelector(element) : element;
    if (!el) return () => {};
    mounted.get(el)?.();
    const host = document.createElement("div");
    host.setAttribute("data-runway-jobs", "");
    el.appendChild(host);
    const root = host.attachShadow({ mode: "open" });
    const style = document.createElement("style");
    style.textContent = CSS;
    root.appendChild(style);
    const container = document.createElement("div");
    root.appendChild(container);
    render(
      <Guard>
        <Widget options={parseOptions(raw)} origin={origin} />
      </Guard>,
      container,
    );
    const unmount = () => {
      try {
        render(null as unknown as React.ReactElement, container);
        host.remove();
        mounted.delete(el);
      } catch {
        /* never throw into the host page */
      }
    };
    mounted.set(el, unmount);
    return unmount;
  } catch {
    return () => {};
  }
}

function auto() {
  if (!script || script.hasAttribute("data-manual")) return;
  const raw = optionsFromDataset(script.dataset);
  const place = () => {
    try {
      let el: Element | null = null;
      if (typeof raw.target === "string" && raw.target) el = document.querySelector(raw.target);
      const inBody = !!script.closest("body");
      if (!el) {
        // Wait for the page when the target (or a body to render into) is not parsed yet.
        if ((raw.target || !inBody) && document.readyState === "loading") return false;
        el = document.createElement("div");
        if (inBody) script.after(el);
        else document.body.appendChild(el);
      }
      mount(el, raw);
    } catch {
      /* a bad selector or a detached script: stay quiet */
    }
    return true;
  };
  if (!place()) document.addEventListener("DOMContentLoaded", place, { once: true });
}

(window as unknown as { RunwayJobs: unknown }).RunwayJobs = { mount };
auto();
