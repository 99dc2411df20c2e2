/**
 * /widget (public): what the embeddable jobs widget is, live examples that load the real /widget.js
 * (through window.RunwayJobs.mount), and the snippet to paste into the college website.
 */
import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { notify } from "~/components/ui/notify";
import type { RootData } from "~/root";
import styles from "~/styles/widget-demo.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => [
  { title: "Jobs widget for your website · Runway" },
  {
    name: "description",
    content:
      "Show the latest approved internships and jobs from Runway on any web page with one script tag.",
  },
];

type Demo = { id: string; title: string; note: string; options: Record<string, string> };

const DEMOS: Demo[] = [
  { id: "demo-default", title: "Default", note: "The five newest jobs, light theme.", options: {} },
  {
    id: "demo-dark",
    title: "Internships, dark, gold accent",
    note: 'data-type="internship" data-theme="dark" data-accent="#f59e0b" data-limit="3" data-title="Internships"',
    options: {
      type: "internship",
      theme: "dark",
      accent: "#f59e0b",
      limit: "3",
      title: "Internships",
    },
  },
  {
    id: "demo-narrow",
    title: "A search in a 320 px column",
    note: 'data-q="maintenance" data-accent="#047857" data-title="Maintenance jobs"',
    options: { q: "maintenance", accent: "#047857", title: "Maintenance jobs" },
  },
];

type RunwayJobs = { mount(el: Element, options?: Record<string, string>): () => void };

/** The widget's options table: its columns, then one row per attribute (name, meaning, default). */
const OPTION_COLUMNS = ["Attribute", "Meaning", "Default"] as const;
const OPTIONS: [attribute: string, meaning: string, fallback: string][] = [
  ["data-limit", "How many jobs to show (1–20).", "5"],
  [
    "data-type",
    "Only one job type: internship, ojt, part-time, full-time or contract.",
    "all types",
  ],
  ["data-category", "Only jobs in this category.", "all"],
  ["data-q", "A search, as on the Jobs page.", "none"],
  [
    "data-target",
    "CSS selector of the element to render into; otherwise the widget appears right after the script tag.",
    "after the script",
  ],
  ["data-theme", "light or dark.", "light"],
  [
    "data-accent",
    "The accent colour of the frame, underlines, placeholders and focus ring, e.g. #1d4ed8 (text keeps the theme's colours, so any accent stays readable).",
    "#1d4ed8",
  ],
  ["data-title", "The heading above the list.", "Latest jobs"],
];

/** Loads /widget.js once (as a host page would) and resolves with window.RunwayJobs. */
function loadWidget(): Promise<RunwayJobs> {
  const w = window as unknown as { RunwayJobs?: RunwayJobs };
  if (w.RunwayJobs) return Promise.resolve(w.RunwayJobs);
  return new Promise((resolve, reject) => {
    const s = document.createElement("script");
    s.src = "/widget.js";
    s.async = true;
    s.dataset.manual = "";
    s.onload = () =>
      w.RunwayJobs ? resolve(w.RunwayJobs) : reject(new Error("widget not loaded"));
    s.onerror = () => reject(new Error("widget not loaded"));
    document.head.appendChild(s);
  });
}

function snippetFor(origin: string) {
  return `<div id="runway-jobs"></div>
<script src="${origin}/widget.js" async
  data-target="#runway-jobs"
  data-limit="5"
  data-type="internship"
  data-theme="light"
  data-accent="#1d4ed8"></script>`;
}

export default function WidgetDemo() {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const origin = (root?.config.publicUrl ?? "").replace(/\/$/, "") || "https://runway.example.edu";
  const slots = useRef<Record<string, HTMLDivElement | null>>({});
  const snippet = snippetFor(origin);

  useEffect(() => {
    let unmounts: Array<() => void> = [];
    let live = true;
    loadWidget()
      .then((rj) => {
        if (!live) return;
        unmounts = DEMOS.map((d) =>
          slots.current[d.id] ? rj.mount(slots.current[d.id]!, d.options) : () => {},
        );
      })
      .catch(() => {
        if (live) notify.error("The widget could not be loaded.");
      });
    return () => {
      live = false;
      unmounts.forEach((u) => u());
    };
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(snippet);
      notify.success("Snippet copied");
    } catch {
      notify.error("Copy failed: select the snippet and copy it by hand.");
    }
  }

  return (
    <main className="page widget-demo">
      <header className="page-header">
        <h1>Jobs widget for your website</h1>
      </header>
      <section className="stack">
        <p>
          Paste one snippet into any page of the college website and it shows the latest approved,
          active internships and jobs from Runway, each linking to its page here. It is small (under
          10 KB), sends no cookies, makes a single request, and draws inside its own Shadow DOM, so
          the page&apos;s styles cannot break it and its styles cannot leak into the page.
        </p>
        <h2>The snippet</h2>
        <pre className="widget-snippet" aria-label="Embed snippet" tabIndex={0}>
          <code>{snippet}</code>
        </pre>
        <div className="row">
          <button type="button" className="btn btn-primary" onClick={copy}>
            Copy snippet
          </button>
          <a href="#options">All options</a>
        </div>
      </section>

      <section aria-labelledby="live-title" className="stack widget-live">
        <h2 id="live-title">Live examples</h2>
        <div className="widget-grid">
          {DEMOS.map((d) => (
            <figure
              key={d.id}
              className={`card widget-example${d.id === "demo-narrow" ? " widget-narrow" : ""}`}
            >
              <figcaption>
                <strong>{d.title}</strong>
                <code className="muted">{d.note}</code>
              </figcaption>
              <div
                id={d.id}
                ref={(el) => {
                  slots.current[d.id] = el;
                }}
              />
              <noscript>The widget needs JavaScript.</noscript>
            </figure>
          ))}
        </div>
      </section>

      <section id="options" aria-labelledby="options-title" className="stack">
        <h2 id="options-title">Options</h2>
        <div className="table-scroll table-cards">
          <table className="table">
            <thead>
              <tr>
                {OPTION_COLUMNS.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {OPTIONS.map(([attribute, meaning, fallback]) => (
                <tr key={attribute}>
                  <td data-label="Attribute">
                    <code>{attribute}</code>
                  </td>
                  <td data-label="Meaning">{meaning}</td>
                  <td data-label="Default">{fallback}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          Pages that build their own layout can load the script with <code>data-manual</code> and
          call <code>RunwayJobs.mount(element, {'{ limit: 3, type: "ojt", theme: "dark" }'})</code>;
          it returns a function that removes the widget again.
        </p>
      </section>
    </main>
  );
}
