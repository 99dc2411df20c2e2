/**
 * The one table shell for every admin list: TanStack Table for the model, URL search params for the
 * state (sort, dir, page, size), so sorting and paging happen on the server and work without JS.
 */
import { Link, useLocation, useSearchParams } from "@remix-run/react";
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type Cell,
  type ColumnDef,
  type RowData,
} from "@tanstack/react-table";
import { PAGE_SIZES } from "~/lib/paging";

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the merged declaration repeats TanStack's parameters
  interface ColumnMeta<TData extends RowData, TValue> {
    /** How many columns a row's cell of this column spans (1 unless said); it covers the next ones. */
    colSpan?: (row: TData) => number;
  }
}

export interface TableState {
  page: number;
  size: number;
  sort?: string;
  dir?: "asc" | "desc";
}

/** Reads page/size/sort/dir from search params with safe defaults. */
export function readTableState(
  params: URLSearchParams,
  defaults: { size?: number; sort?: string; dir?: "asc" | "desc" } = {},
): TableState {
  const page = Math.max(
    1,
    Math.min(1_000_000, Number.parseInt(params.get("page") ?? "1", 10) || 1),
  );
  const sizeRaw = Number.parseInt(params.get("size") ?? "", 10);
  const size = (PAGE_SIZES as readonly number[]).includes(sizeRaw)
    ? sizeRaw
    : (defaults.size ?? 10);
  const dir =
    params.get("dir") === "asc" ? "asc" : params.get("dir") === "desc" ? "desc" : defaults.dir;
  return { page, size, sort: params.get("sort") ?? defaults.sort, dir };
}

function useHref(patch: Record<string, string | null>) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) next.delete(k);
    else next.set(k, v);
  }
  const qs = next.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

function SortLink({ id, label, state }: { id: string; label: React.ReactNode; state: TableState }) {
  const active = state.sort === id;
  const dir = active && state.dir === "asc" ? "desc" : "asc";
  const href = useHref({ sort: id, dir, page: "1" });
  return (
    <Link to={href} preventScrollReset className={`sort-link${active ? " sort-active" : ""}`}>
      {label}
      <span aria-hidden className="sort-indicator">
        {active ? (state.dir === "asc" ? "▲" : "▼") : "↕"}
      </span>
      {active ? (
        <span className="visually-hidden">
          {state.dir === "asc" ? " (sorted ascending)" : " (sorted descending)"}
        </span>
      ) : null}
    </Link>
  );
}

export function Pager({
  state,
  total,
  label = "Page",
}: {
  state: TableState;
  total: number;
  label?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / state.size));
  const page = Math.min(state.page, pages);
  const first = useHref({ page: "1" });
  const prev = useHref({ page: String(Math.max(1, page - 1)) });
  const next = useHref({ page: String(Math.min(pages, page + 1)) });
  const last = useHref({ page: String(pages) });
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const atStart = page <= 1;
  const atEnd = page >= pages;
  const nav = (to: string, text: string, disabled: boolean, aria: string) =>
    disabled ? (
      <span className="btn btn-ghost btn-sm" aria-disabled="true" aria-label={aria}>
        {text}
      </span>
    ) : (
      <Link className="btn btn-ghost btn-sm" to={to} aria-label={aria} preventScrollReset>
        {text}
      </Link>
    );
  return (
    <div className="pager">
      <form method="get" action={pathname} className="pager-size">
        {[...params.entries()]
          .filter(([k]) => k !== "size" && k !== "page")
          .map(([k, v]) => (
            <input key={k + v} type="hidden" name={k} value={v} />
          ))}
        <label>
          Rows per page{" "}
          <select
            name="size"
            defaultValue={String(state.size)}
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <noscript>
          <button type="submit" className="btn btn-sm">
            Apply
          </button>
        </noscript>
      </form>
      <div className="pager-nav">
        {nav(first, "«", atStart, "First page")}
        {nav(prev, "‹", atStart, "Previous page")}
        <span className="pager-text">
          {label} {page} of {pages}
        </span>
        {nav(next, "›", atEnd, "Next page")}
        {nav(last, "»", atEnd, "Last page")}
      </div>
    </div>
  );
}

/** The columns a cell spans: its column's `meta.colSpan` for its row, else 1. */
const spanOf = <T,>(cell: Cell<T, unknown>) =>
  cell.column.columnDef.meta?.colSpan?.(cell.row.original) ?? 1;

export function DataTable<T>({
  data,
  columns,
  state,
  total,
  empty,
  sortable = [],
  caption,
  rowKey,
  pager = true,
  figure = false,
  className,
  rowClassName,
}: {
  data: T[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own idiom: each column has its own value type
  columns: ColumnDef<T, any>[];
  /** Sort and page of a server-paged list; a short list shown whole leaves it out (no pager). */
  state?: TableState;
  total?: number;
  empty: string;
  sortable?: readonly string[];
  caption?: string;
  rowKey: (row: T) => string;
  pager?: boolean;
  /** A figure table: the caption shows as its title and each row's first cell heads the row. */
  figure?: boolean;
  className?: string;
  rowClassName?: (row: T) => string | undefined;
}) {
  const table = useReactTable({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    getRowId: (row) => rowKey(row),
  });
  return (
    <div className={className ? `data-table ${className}` : "data-table"}>
      <div className="table-scroll">
        <table className="table">
          {caption ? (
            <caption className={figure ? undefined : "visually-hidden"}>{caption}</caption>
          ) : null}
          <thead>
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => {
                  const label = flexRender(h.column.columnDef.header, h.getContext());
                  const sorted =
                    state?.sort === h.column.id
                      ? state.dir === "asc"
                        ? "ascending"
                        : "descending"
                      : undefined;
                  return (
                    <th key={h.id} scope="col" aria-sort={sorted}>
                      {state && sortable.includes(h.column.id) ? (
                        <SortLink id={h.column.id} label={label} state={state} />
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="table-empty">
                  {empty}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id} className={rowClassName?.(row.original)}>
                  {row.getVisibleCells().map((cell, i, cells) => {
                    // A cell covered by an earlier one's span is left out.
                    if (cells.slice(0, i).some((c, j) => j + spanOf(c) > i)) return null;
                    const content = flexRender(cell.column.columnDef.cell, cell.getContext());
                    if (figure && i === 0)
                      return (
                        <th key={cell.id} scope="row">
                          {content}
                        </th>
                      );
                    const { header } = cell.column.columnDef;
                    return (
                      <td
                        key={cell.id}
                        colSpan={spanOf(cell) > 1 ? spanOf(cell) : undefined}
                        data-label={typeof header === "string" ? header : undefined}
                      >
                        {content}
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {pager && state ? <Pager state={state} total={total ?? data.length} /> : null}
    </div>
  );
}
