/**
 * DataTable's merged cells: a column's `meta.colSpan` makes a row's cell span the next columns,
 * whose cells that row leaves out (the survey Progress page's suppressed groups).
 */
import { createColumnHelper } from "@tanstack/react-table";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../../../tests/setup/render";
import { DataTable } from "./data-table";

interface Row {
  label: string;
  count: number;
  known: number;
  rate: string;
  hidden: boolean;
}
const col = createColumnHelper<Row>();
const columns = [
  col.accessor("label", { header: "Programme" }),
  col.accessor("count", { header: "Count" }),
  col.accessor("known", {
    header: "Known",
    cell: ({ row: { original: r } }) => (r.hidden ? "Hidden" : r.known),
    meta: { colSpan: (r) => (r.hidden ? 2 : 1) },
  }),
  col.accessor("rate", { header: "Rate" }),
];

async function render(rows: Row[]) {
  const routes = [
    {
      id: "table",
      path: "/",
      Component: () => (
        <DataTable
          figure
          caption="Rates"
          columns={columns}
          data={rows}
          rowKey={(r) => r.label}
          empty="Nobody yet."
        />
      ),
    },
  ];
  return renderRoutes(routes);
}

const bodyRows = (html: string) =>
  [...html.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].slice(1).map((m) => m[1]);

describe("DataTable", () => {
  it("spans a cell over the next column for the rows its column says, and leaves the covered cell out", async () => {
    const html = await render([
      { label: "BSAMT", count: 12, known: 7, rate: "58%", hidden: false },
      { label: "BSAE", count: 3, known: 1, rate: "33%", hidden: true },
    ]);
    const [open, merged] = bodyRows(html);
    expect(open).toBe(
      '<th scope="row">BSAMT</th><td data-label="Count">12</td><td data-label="Known">7</td><td data-label="Rate">58%</td>',
    );
    expect(merged).toBe(
      '<th scope="row">BSAE</th><td data-label="Count">3</td><td colSpan="2" data-label="Known">Hidden</td>',
    );
    expect(html).not.toContain("33%");
  });

  it("shows the empty text across every column when there are no rows", async () => {
    const html = await render([]);
    expect(html).toMatch(/<td colSpan="4" class="table-empty">Nobody yet\.<\/td>/);
  });
});
