// @vitest-environment happy-dom
/**
 * The widget component rendered by Preact (the real runtime of widget.js) into happy-dom: loading,
 * list, empty and quiet error states, links, the single credential-less request, themes, hostile data.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render } from "preact";
import { act } from "preact/test-utils";
import { parseOptions, type RawOptions } from "./options";
import { Guard, TEXT, Widget } from "./widget";

// widget/src is written against the React API; like the build, run it on Preact.
vi.mock("react", () => import("./react-on-preact"));
vi.mock("react/jsx-runtime", () => import("preact/jsx-runtime"));
vi.mock("react/jsx-dev-runtime", () => import("preact/jsx-runtime"));

const O = "https://runway.example.edu";
const NOW = new Date("2025-03-01T12:00:00Z");
const job = (n: number, over: Record<string, unknown> = {}) => ({
  id: `j${n}`,
  title: `Job ${n}`,
  company: { name: `Company ${n}`, logoUrl: n % 2 ? `${O}/files/logo-${n}` : null },
  location: n === 2 ? null : "Pasay City",
  jobType: "internship",
  categories: [],
  postedAt: new Date(NOW.getTime() - n * 2 * 86400_000).toISOString(),
  url: `${O}/jobs/j${n}`,
  ...over,
});

let container: HTMLElement;
beforeEach(() => {
  container = document.body.appendChild(document.createElement("div"));
});
afterEach(() => {
  render(null, container);
  container.remove();
});

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
const answer = (body: unknown, status = 200) =>
  ({ ok: status >= 200 && status < 300, status, json: async () => body }) as unknown as Response;

async function mount(raw: RawOptions, fetchImpl: typeof fetch) {
  await act(() => {
    render(
      <Widget options={parseOptions(raw)} origin={O} fetch={fetchImpl} now={() => NOW} />,
      container,
    );
  });
}
const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));

describe("the jobs widget", () => {
  it("shows a loading state, then the jobs as a list of links opening Runway in a new tab", async () => {
    const d = deferred<Response>();
    const fetchImpl = vi.fn(() => d.promise) as unknown as typeof fetch;
    await mount({ limit: "3", type: "internship", category: "Maintenance", q: "line" }, fetchImpl);
    expect(container.querySelector("p.note")?.textContent).toBe(TEXT.loading);
    expect(container.querySelector("p.note")?.getAttribute("role")).toBe("status");
    expect(container.querySelector("section")?.getAttribute("aria-busy")).toBe("true");

    d.resolve(
      answer({
        jobs: [job(1), job(2), job(3)],
        total: 9,
        seeAllUrl: `${O}/jobs?jobType=internship`,
      }),
    );
    await settle();

    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = (fetchImpl as unknown as { mock: { calls: [string, RequestInit][] } }).mock
      .calls[0];
    expect(url).toBe(`${O}/api/public/jobs?limit=3&type=internship&category=Maintenance&q=line`);
    expect(init.credentials).toBe("omit");

    const section = container.querySelector("section")!;
    expect(section.getAttribute("aria-label")).toBe("Latest jobs");
    expect(section.getAttribute("aria-busy")).toBe("false");
    expect(container.querySelector("h2")?.textContent).toBe("Latest jobs");
    const items = [...container.querySelectorAll("ul.list")[0].querySelectorAll("li")];
    expect(items).toHaveLength(3);
    const links = items.map((li) => li.querySelector("a")!);
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      `${O}/jobs/j1`,
      `${O}/jobs/j2`,
      `${O}/jobs/j3`,
    ]);
    for (const a of links) {
      expect(a.getAttribute("target")).toBe("_blank");
      expect(a.getAttribute("rel")).toContain("noopener");
    }
    expect(links[0].getAttribute("aria-label")).toBe(
      "Job 1, Company 1, Pasay City, Internship, 2 days ago (opens in a new tab)",
    );
    expect(links[1].getAttribute("aria-label")).toBe(
      "Job 2, Company 2, Internship, 4 days ago (opens in a new tab)",
    );
    expect(items[0].querySelector("span.title")?.textContent).toBe("Job 1");
    expect(items[0].querySelector("span.meta")?.textContent).toBe(
      "Company 1Pasay CityInternship2 days ago",
    );
    expect(items[0].querySelector("time")?.getAttribute("dateTime")).toBe(job(1).postedAt);
    expect(items[2].querySelector("time")?.textContent).toBe("6 days ago");
    // Logo when there is one (decorative: the company name is in the text), a placeholder otherwise.
    expect(items[0].querySelector("img")?.getAttribute("src")).toBe(`${O}/files/logo-1`);
    expect(items[0].querySelector("img")?.getAttribute("alt")).toBe("");
    expect(items[1].querySelector("img")).toBeNull();
    expect(items[1].querySelector("span.ph")?.textContent).toBe("C");
    expect(items[1].querySelector("span.ph")?.getAttribute("aria-hidden")).toBe("true");

    const all = container.querySelector("a.all")!;
    expect(all.textContent).toBe(`${TEXT.seeAll} ${TEXT.newTab}`);
    expect(all.getAttribute("href")).toBe(`${O}/jobs?jobType=internship`);
    expect(all.getAttribute("target")).toBe("_blank");
  });

  it("shows the empty state with the 'See all jobs' link", async () => {
    await mount({}, (async () =>
      answer({ jobs: [], total: 0, seeAllUrl: `${O}/jobs` })) as typeof fetch);
    await settle();
    expect(container.querySelector("ul")).toBeNull();
    expect(container.querySelector("p.note")?.textContent).toBe(TEXT.empty);
    expect(container.querySelector("a.all")?.getAttribute("href")).toBe(`${O}/jobs`);
  });

  it.each([
    ["a network failure", async () => Promise.reject(new TypeError("Failed to fetch"))],
    ["a server error", async () => answer({ message: "boom" }, 500)],
    ["a body that is not the contract", async () => answer({ items: [] })],
    [
      "bad JSON",
      async () =>
        ({ ok: true, status: 200, json: async () => JSON.parse("{") }) as unknown as Response,
    ],
  ])("shows a quiet error state after %s, still linking to /jobs", async (_label, impl) => {
    await mount({}, impl as typeof fetch);
    await settle();
    expect(container.querySelector("p.note")?.textContent).toBe(TEXT.error);
    expect(container.querySelector("a.all")?.getAttribute("href")).toBe(`${O}/jobs`);
  });

  it("renders hostile data as text and never links to javascript: URLs", async () => {
    const evil = job(1, {
      title: '<img src=x onerror="alert(1)">',
      company: { name: "<b>Evil</b>", logoUrl: "javascript:alert(1)" },
    });
    await mount({}, (async () =>
      answer({
        jobs: [evil, job(2, { url: "javascript:alert(2)" })],
        seeAllUrl: "javascript:alert(3)",
      })) as typeof fetch);
    await settle();
    const items = [...container.querySelectorAll("li")];
    expect(items).toHaveLength(1);
    expect(items[0].querySelector("span.title")?.textContent).toBe(
      '<img src=x onerror="alert(1)">',
    );
    expect(items[0].querySelectorAll("img")).toHaveLength(0);
    expect(
      [...container.querySelectorAll("*")].filter((e) =>
        (e.getAttribute("href") ?? "").startsWith("javascript:"),
      ),
    ).toHaveLength(0);
    expect(container.querySelector("a.all")?.getAttribute("href")).toBe(`${O}/jobs`);
  });

  it("applies the dark theme, the accent colour and a custom title; refuses a CSS-injection accent", async () => {
    await mount({ theme: "dark", accent: "#b45309", title: "Internships" }, (async () =>
      answer({ jobs: [] })) as typeof fetch);
    await settle();
    const s = container.querySelector("section")!;
    expect(s.getAttribute("class")).toBe("rw dark");
    expect(s.style.getPropertyValue("--accent")).toBe("#b45309");
    expect(s.getAttribute("aria-label")).toBe("Internships");
    render(null, container);
    await mount({ accent: "red;background:url(//evil)" }, (async () =>
      answer({ jobs: [] })) as typeof fetch);
    await settle();
    expect(container.querySelector("section")!.getAttribute("class")).toBe("rw light");
    expect(container.querySelector("section")!.style.getPropertyValue("--accent")).toBe("");
  });

  it("replaces a logo that fails to load with the placeholder", async () => {
    await mount({}, (async () => answer({ jobs: [job(1)] })) as typeof fetch);
    await settle();
    const img = container.querySelector("img")!;
    await act(() => {
      img.dispatchEvent(new Event("error"));
    });
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("span.ph")?.textContent).toBe("C");
  });

  it("keeps a rendering error inside the widget (the Guard renders nothing instead of throwing)", async () => {
    const Boom = () => {
      throw new Error("boom");
    };
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(
      act(() => {
        render(
          <Guard>
            <Boom />
          </Guard>,
          container,
        );
      }),
    ).resolves.toBeUndefined();
    expect(container.textContent).toBe("");
    errors.mockRestore();
  });
});
