import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { savedAmong } from "~/models/job/saved.server";
import { saveModeOf } from "~/models/job/view.server";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { JOB_TYPES, LICENCE_MAX } from "#db/board-values";
import { useDebounced } from "~/components/ui/use-debounced";
import { JobCard } from "~/components/jobs/job-card";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { ErrorReference, UNAVAILABLE_TEXT } from "~/components/ui/error-reference";
import { screen } from "~/web/screen.server";
import { env } from "~/lib/env.server";
import { clientKey, isFirstParty } from "~/lib/request.server";
import { JOB_TEXT, boardSearch, readBoardSort, type BoardFilters } from "~/models/job/job.board";
import { toJobCard } from "~/models/job/card.server";
import {
  parseJobListQuery,
  searchPublicJobs,
  searchPublicJobsByDeadline,
} from "~/models/job/job.server";
import { listBoardChoices } from "~/models/job/licence.server";
import { actorKey, recordSearchQuietly } from "~/models/search/search.server";
import { ALERT_NAME_MAX, suggestAlertName } from "~/models/alert/name";
import jobsCss from "~/styles/jobs.css";
import { stylesheet } from "~/components/layout/stylesheet";
import { JOB_TYPE_LABELS } from "~/lib/format";
import { SEARCH_DEBOUNCE_MS } from "~/components/ui/use-debounced";
import { PlainField } from "~/components/ui/plain-field";

const BOARD_PAGE_SIZE = 10;
/** From this width the board's filters are always shown (keep in step with jobs.css). */
const FILTERS_OPEN_QUERY = "(min-width: 721px)";

export const links = stylesheet(jobsCss);

/**
 * /jobs is public (ADR 021): guests, students, alumni and admins all see the same approved, active
 * jobs. Filters live in the URL; a search term of 2+ characters is counted for analytics.
 */
export function loader(args: LoaderFunctionArgs) {
  return screen("public", async ({ request, user, ctx }) => {
    const url = new URL(request.url);
    const query = parseJobListQuery(url.searchParams, { strict: false, maxLimit: BOARD_PAGE_SIZE });
    const filters: BoardFilters = {
      q: query.q,
      type: query.jobType,
      location: query.location,
      category: query.category,
      licence: query.licence,
      sort: readBoardSort(url.searchParams.get("sort")),
    };
    const searchFilters = {
      q: query.q,
      jobType: query.jobType,
      location: query.location,
      category: query.category,
      licence: query.licence,
    };
    const [result, { categories, licences }] = await Promise.all([
      (filters.sort === "deadline" ? searchPublicJobsByDeadline : searchPublicJobs)(
        ctx.db,
        searchFilters,
        { offset: (query.page - 1) * BOARD_PAGE_SIZE, limit: BOARD_PAGE_SIZE },
      ),
      listBoardChoices(ctx.db),
    ]);
    // Only searches people make on Runway count (docs/security.md, "Search analytics"): not a foreign page embedding /jobs?q=.
    if (query.q && isFirstParty(request))
      await recordSearchQuietly(
        ctx.db,
        query.q,
        actorKey({ userId: user?.id, ip: clientKey(request) }, env().SESSION_SECRET),
      );
    const saved = new Set(
      await savedAmong(
        ctx,
        result.rows.map((r) => r.id),
      ),
    );
    return json({
      jobs: result.rows.map((r) => toJobCard(r, saved.has(r.id), env().COLLEGE_TIMEZONE)),
      total: result.total,
      capped: result.capped,
      page: query.page,
      pageCount: Math.max(1, Math.ceil(result.total / BOARD_PAGE_SIZE)),
      filters,
      notices: query.notices,
      categories:
        filters.category && !categories.includes(filters.category)
          ? [...categories, filters.category]
          : categories,
      licences,
      now: Date.now(),
      // Who may save this search as a job alert (students and alumni); guests are asked to sign in.
      alerts: saveModeOf(user),
      alertName: suggestAlertName({
        q: query.q,
        jobType: query.jobType ? JOB_TYPE_LABELS[query.jobType] : null,
        location: query.location,
        category: query.category,
      }),
    });
  })(args);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const q = data?.filters.q;
  return [
    { title: q ? `“${q}” — internships and jobs · Runway` : "Internships and jobs · Runway" },
    {
      name: "description",
      content: "Approved internships, OJT and jobs for our aeronautics students and alumni.",
    },
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: "Runway jobs (RSS)",
      href: "/jobs/feed.xml",
    },
    {
      tagName: "link",
      rel: "alternate",
      type: "application/feed+json",
      title: "Runway jobs (JSON Feed)",
      href: "/jobs/feed.json",
    },
  ];
};

function summary(total: number, capped: boolean, page: number, pageCount: number) {
  if (total === 0) return "";
  const jobs = capped
    ? `${total.toLocaleString("en")}+ matching jobs (newest shown)`
    : `${total.toLocaleString("en")} ${total === 1 ? "job" : "jobs"}`;
  return pageCount > 1 ? `${jobs} · page ${page} of ${pageCount}` : jobs;
}

export default function JobsBoard() {
  const data = useLoaderData<typeof loader>();
  const { filters } = data;
  const submit = useSubmit();
  const navigation = useNavigation();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const debounced = useDebounced();
  const busy = navigation.state === "loading" && navigation.location?.pathname === "/jobs";
  const back = location.pathname + location.search;

  // Keep the inputs in step with the URL (Clear filters, back/forward) unless the user is typing there.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const set = (name: string, value: string) => {
      const el = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
      if (el && el !== document.activeElement && el.value !== value) el.value = value;
    };
    set("q", filters.q);
    set("type", filters.type);
    set("location", filters.location);
    set("category", filters.category);
    set("licence", filters.licence ?? "");
  }, [filters.q, filters.type, filters.location, filters.category, filters.licence]);
  // The fold is for phones: from the tablet width up the filters stay open (CSS shows them there
  // without JavaScript too; opening the <details> keeps them visible in browsers without that CSS).
  const foldRef = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const wide = window.matchMedia(FILTERS_OPEN_QUERY);
    if (wide.matches && foldRef.current) foldRef.current.open = true;
  }, []);
  const activeFilters = [filters.type, filters.location, filters.category, filters.licence].filter(
    Boolean,
  ).length;
  // "Clear filters" and "Save this search" only mean something once there is a search.
  const searching = !!filters.q || activeFilters > 0;

  const search = (form: HTMLFormElement, delay: number) => {
    debounced.schedule(() => {
      // Only the filters in use go into the URL (no `?type=&location=` noise); the page starts at 1.
      const params = new URLSearchParams();
      for (const [k, v] of new FormData(form))
        if (typeof v === "string" && v.trim()) params.set(k, v.trim());
      submit(params, { method: "get", action: "/jobs", replace: true, preventScrollReset: true });
    }, delay);
  };

  return (
    <main className="page">
      <header className="page-header">
        <h1>{JOB_TEXT.boardTitle}</h1>
        {/* Employers sign up to post; signed-in students and alumni are not the audience. */}
        {data.alerts === "save" ? null : (
          <Link to="/employers" className="btn btn-ghost btn-sm">
            Hiring? Post a job
          </Link>
        )}
      </header>

      <Form
        ref={formRef}
        method="get"
        role="search"
        aria-label="Search jobs"
        className="jobs-filters"
        onChange={(e) => {
          const target = e.target as HTMLInputElement;
          // Typing waits for a pause (350 ms); choosing from a list searches at once.
          search(e.currentTarget, target.tagName === "SELECT" ? 0 : SEARCH_DEBOUNCE_MS);
        }}
        onSubmit={(e) => {
          e.preventDefault();
          search(e.currentTarget, 0);
        }}
      >
        <FilterInput
          label="Search"
          className="field-search"
          type="search"
          name="q"
          value={filters.q}
          maxLength={200}
          placeholder="Title, company, skill…"
          extra={{ autoComplete: "off", enterKeyHint: "search" }}
        />
        <details className="jobs-filters-fold" ref={foldRef}>
          <summary className="btn jobs-filters-toggle">
            Filters
            {activeFilters ? (
              <span className="badge badge-accent">
                {activeFilters}
                <span className="visually-hidden"> active</span>
              </span>
            ) : null}
          </summary>
          <div className="jobs-filters-more">
            <FilterSelect label="Job type" name="type" value={filters.type}>
              <option value="">All types</option>
              {JOB_TYPES.map((t) => (
                <option key={t} value={t}>
                  {JOB_TYPE_LABELS[t]}
                </option>
              ))}
            </FilterSelect>
            <FilterInput
              label="Location"
              name="location"
              value={filters.location}
              maxLength={100}
              placeholder="City or Remote"
            />
            <FilterSelect label="Category" name="category" value={filters.category}>
              <option value="">All categories</option>
              {data.categories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </FilterSelect>
            <FilterInput
              label="Licence or certificate"
              name="licence"
              value={filters.licence ?? ""}
              maxLength={LICENCE_MAX}
              placeholder="e.g. CAAP AMT licence"
              extra={{ list: "jobs-licence-options", autoComplete: "off" }}
            >
              <datalist id="jobs-licence-options">
                {data.licences.map((l) => (
                  <option key={l} value={l} />
                ))}
              </datalist>
            </FilterInput>
            <FilterSelect label="Sort by" name="sort" value={filters.sort ?? ""}>
              <option value="">{filters.q ? "Best match" : "Newest"}</option>
              <option value="deadline">Application deadline</option>
            </FilterSelect>
          </div>
        </details>
        <div className="jobs-filters-actions">
          <button type="submit" className="btn btn-primary">
            Search
          </button>
          {searching ? (
            <Link to="/jobs" className="btn btn-ghost" preventScrollReset>
              {JOB_TEXT.clearFilters}
            </Link>
          ) : null}
        </div>
      </Form>

      {searching ? (
        <SaveSearch
          mode={data.alerts}
          filters={filters}
          suggestedName={data.alertName}
          back={back}
        />
      ) : null}

      <section className="jobs-results" aria-busy={busy} aria-labelledby="jobs-results-heading">
        <h2 id="jobs-results-heading" className="visually-hidden">
          Results
        </h2>
        {data.notices.length ? (
          <p className="alert alert-info jobs-notice" role="status">
            {data.notices.join(". ")}.
          </p>
        ) : null}
        <p className="jobs-summary" role="status">
          {summary(data.total, data.capped, data.page, data.pageCount)}
        </p>
        {data.jobs.length === 0 && data.total === 0 ? (
          <div className="card jobs-empty">
            <p>{JOB_TEXT.boardEmpty}</p>
            {searching ? (
              <EmptySearchTips filters={filters} filterCount={activeFilters} mode={data.alerts} />
            ) : null}
          </div>
        ) : data.jobs.length === 0 ? (
          <p className="card jobs-empty">
            There are no jobs on this page.{" "}
            <Link to={`/jobs${boardSearch({ ...filters, page: 1 })}`}>Go to the first page</Link>
          </p>
        ) : (
          <div className="grid-cards">
            {data.jobs.map((job) => (
              <JobCard key={job.id} job={job} now={data.now} back={back} saveMode={data.alerts} />
            ))}
          </div>
        )}
        {data.pageCount > 1 ? (
          <nav className="jobs-pager" aria-label="Pages">
            {data.page > 1 ? (
              <Link
                className="btn btn-sm"
                to={`/jobs${boardSearch({ ...filters, page: data.page - 1 })}`}
                rel="prev"
              >
                ‹ Previous
              </Link>
            ) : null}
            <span className="pager-text">
              Page {Math.min(data.page, data.pageCount)} of {data.pageCount}
            </span>
            {data.page < data.pageCount ? (
              <Link
                className="btn btn-sm"
                to={`/jobs${boardSearch({ ...filters, page: data.page + 1 })}`}
                rel="next"
              >
                Next ›
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </main>
  );
}

/** A text box of the filter form (id `jobs-<name>`), filled with the current search; `children` follow the box. */
function FilterInput({
  label,
  className,
  type = "text",
  name,
  value,
  maxLength,
  placeholder,
  extra,
  children,
}: {
  label: string;
  className?: string;
  type?: "text" | "search";
  name: string;
  value: string | undefined;
  maxLength: number;
  placeholder: string;
  /** Further attributes, after the common ones (a datalist, autocomplete, the Enter key hint). */
  extra?: React.InputHTMLAttributes<HTMLInputElement>;
  children?: React.ReactNode;
}) {
  return (
    <PlainField id={`jobs-${name}`} label={label} className={className}>
      {(ctrl) => (
        <>
          <input
            {...ctrl}
            type={type}
            name={name}
            defaultValue={value}
            maxLength={maxLength}
            placeholder={placeholder}
            {...extra}
          />
          {children}
        </>
      )}
    </PlainField>
  );
}

/** A list of the filter form (id `jobs-<name>`), set to the current search; `children` are its options. */
function FilterSelect({
  label,
  name,
  value,
  children,
}: {
  label: string;
  name: string;
  value: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <PlainField id={`jobs-${name}`} label={label}>
      {(ctrl) => (
        <select {...ctrl} name={name} defaultValue={value}>
          {children}
        </select>
      )}
    </PlainField>
  );
}

/** What to try when a search finds nothing: fewer filters, a broader word, an alert for it. */
function EmptySearchTips({
  filters,
  filterCount,
  mode,
}: {
  filters: BoardFilters;
  filterCount: number;
  mode: "save" | "sign-in" | "none";
}) {
  const broader = filters.q.split(/\s+/)[0] ?? "";
  return (
    <div className="jobs-empty-tips">
      <p>Try:</p>
      <ul>
        {filterCount > 0 ? (
          <li>
            fewer filters —{" "}
            <Link to={`/jobs${boardSearch({ q: filters.q })}`}>
              {filters.q ? `search “${filters.q}” without them` : "see every job"}
            </Link>
          </li>
        ) : null}
        {filters.q ? (
          <li>
            a broader or shorter word
            {broader && broader !== filters.q ? (
              <>
                {" "}
                — <Link to={`/jobs${boardSearch({ ...filters, q: broader })}`}>“{broader}”</Link>
              </>
            ) : null}
          </li>
        ) : null}
        {mode === "none" ? null : (
          <li>an alert for this search (above): new matching jobs come to you by e-mail</li>
        )}
      </ul>
    </div>
  );
}

/**
 * 'Save this search': the current words and filters as a job alert (a plain form posting to
 * /alerts, so it works without JavaScript); guests get a sign-in link that comes back here.
 */
function SaveSearch({
  mode,
  filters,
  suggestedName,
  back,
}: {
  mode: "save" | "sign-in" | "none";
  filters: BoardFilters;
  suggestedName: string;
  back: string;
}) {
  if (mode === "none") return null;
  if (mode === "sign-in")
    return (
      <p className="jobs-save muted">
        <Link to={`/login?redirectTo=${encodeURIComponent(back)}`}>Sign in</Link> to save this
        search and get new jobs by e-mail.
      </p>
    );
  return (
    <details className="jobs-save">
      <summary className="btn btn-sm">Save this search as a job alert</summary>
      <Form method="post" action="/alerts?index" className="jobs-save-form" key={back}>
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="back" value={back} />
        <input type="hidden" name="q" value={filters.q} />
        <input type="hidden" name="jobType" value={filters.type} />
        <input type="hidden" name="location" value={filters.location} />
        <input type="hidden" name="category" value={filters.category} />
        <PlainField id="alert-name" label="Alert name">
          {(ctrl) => (
            <input
              {...ctrl}
              name="name"
              type="text"
              required
              maxLength={ALERT_NAME_MAX}
              defaultValue={suggestedName}
            />
          )}
        </PlainField>
        <PlainField id="alert-frequency" label="E-mail me">
          {(ctrl) => (
            <select {...ctrl} name="frequency" defaultValue="weekly">
              <option value="daily">Daily</option>
              <option value="weekly">Weekly</option>
            </select>
          )}
        </PlainField>
        <button type="submit" className="btn btn-primary">
          Save alert
        </button>
        <Link to="/alerts">My alerts</Link>
      </Form>
    </details>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      defaultStatusHandler={({ status }) => (
        <main className="page">
          <h1>{JOB_TEXT.boardTitle}</h1>
          <p className="alert alert-error" role="alert">
            {status === 503 ? UNAVAILABLE_TEXT : "Failed to load jobs"}
          </p>
          <ErrorReference />
        </main>
      )}
    />
  );
}
