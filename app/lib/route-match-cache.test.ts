import { createStaticHandler, matchRoutes } from "@remix-run/router";
import { describe, expect, it, vi } from "vitest";
import { createRequire } from "node:module";
import {
  branchStaticHandlers,
  cacheRouteMatches,
  cachedMatchRoutes,
  ROUTE_MATCH_CACHE_SIZE,
} from "./route-match-cache.server";

const tree = [
  {
    id: "root",
    path: "",
    children: [
      { id: "jobs", path: "jobs" },
      { id: "job", path: "jobs/:id" },
      { id: "api-jobs", path: "api/jobs" },
      { id: "splat", path: "*" },
    ],
  },
];

describe("cachedMatchRoutes", () => {
  it("answers as matchRoutes does, for every kind of path, first and second time", () => {
    const cached = cachedMatchRoutes(matchRoutes as never);
    for (const path of ["/jobs", "/jobs/", "/jobs/abc", "/api/jobs", "/nowhere/x", "/", "/j%C3%A9"])
      for (let i = 0; i < 2; i++) {
        expect(cached(tree, path)).toEqual(matchRoutes(tree, path));
        expect(cached(tree, { pathname: path })).toEqual(matchRoutes(tree, { pathname: path }));
        expect(cached(tree, path, "/base")).toEqual(matchRoutes(tree, path, "/base"));
      }
    expect(cached(tree, "/jobs/1?q=a#top")).toEqual(matchRoutes(tree, "/jobs/1?q=a#top"));
  });

  it("matches a tree and path once, and hands each caller its own matches and params", () => {
    const spy = vi.fn(matchRoutes);
    const cached = cachedMatchRoutes(spy as never);
    const a = cached(tree, "/jobs/1")!;
    a[1].params.id = "changed";
    a.pop();
    const b = cached(tree, "/jobs/1")!;
    expect(spy).toHaveBeenCalledTimes(1);
    expect(b).toHaveLength(2);
    expect(b[1].params.id).toBe("1");
    expect(b[1].route).toBe(tree[0].children[1]);
  });

  it("shares answers between trees of one shape, each answer holding its own tree's routes", () => {
    const spy = vi.fn(matchRoutes);
    const cached = cachedMatchRoutes(spy as never);
    cached(tree, "/jobs/1");
    const copy = structuredClone(tree);
    const m = cached(copy, "/jobs/1")!;
    expect(spy).toHaveBeenCalledTimes(1);
    expect(m.map((x) => x.route)).toEqual([copy[0], copy[0].children[1]]);
    expect(m[0].route).toBe(copy[0]);
    expect(m[1].route).toBe(copy[0].children[1]);
    // Another shape (a route's path changed, one added in front) is matched on its own.
    const other = structuredClone(tree);
    other[0].children[1].path = "jobs/:slug";
    expect(cached(other, "/jobs/1")).toEqual(matchRoutes(other, "/jobs/1"));
    const more = structuredClone(tree);
    more[0].children.unshift({ id: "first", path: "jobs/1" });
    expect(cached(more, "/jobs/1")).toEqual(matchRoutes(more, "/jobs/1"));
    expect(cached(more, "/jobs/1")![1].route).toBe(more[0].children[0]);
    expect(spy).toHaveBeenCalledTimes(3);
  });

  it("stays bounded: the map is emptied when it fills up", () => {
    const spy = vi.fn(matchRoutes);
    const cached = cachedMatchRoutes(spy as never);
    for (let i = 0; i <= ROUTE_MATCH_CACHE_SIZE; i++) cached(tree, `/jobs/${i}`);
    cached(tree, "/jobs/0");
    expect(spy).toHaveBeenCalledTimes(ROUTE_MATCH_CACHE_SIZE + 2);
  });

  it("passes other locations through", () => {
    const spy = vi.fn(matchRoutes);
    const cached = cachedMatchRoutes(spy as never);
    const loc = { pathname: "/jobs", search: "?q=a" };
    expect(cached(tree, loc)).toEqual(matchRoutes(tree, loc));
    cached(tree, loc);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it("is installed once on the module Remix calls through, however often asked", () => {
    const router = createRequire(import.meta.url)("@remix-run/router") as {
      matchRoutes: typeof matchRoutes;
      UNSAFE_convertRoutesToDataRoutes: (...a: unknown[]) => unknown;
    };
    const remix = createRequire(import.meta.url)("@remix-run/react/dist/routes.js") as object;
    const [saved, savedRemix] = [{ ...router }, { ...remix }];
    const original = router.matchRoutes;
    try {
      cacheRouteMatches();
      const installed = router.matchRoutes;
      expect(installed).not.toBe(original);
      cacheRouteMatches();
      expect(router.matchRoutes).toBe(installed);
      expect(router.matchRoutes(tree, "/jobs/1")).toEqual(original(tree, "/jobs/1"));
      // The static router's data routes: made once per tree, each caller's manifest filled alike.
      const convert = router.UNSAFE_convertRoutesToDataRoutes;
      const [a, b, fresh] = [{}, {}, {}];
      const props = () => ({ hasErrorBoundary: false });
      const made = convert(tree, props, undefined, a);
      expect(convert(tree, props, undefined, b)).toBe(made);
      expect(saved.UNSAFE_convertRoutesToDataRoutes(tree, props, undefined, fresh)).toEqual(made);
      expect(b).toEqual(fresh);
      expect(Object.keys(b)).toHaveLength(5);
    } finally {
      Object.assign(router, saved);
      Object.assign(remix, savedRemix);
    }
  });
});

describe("branchStaticHandlers", () => {
  const loader = ({ params }: { params: object }) => ({ params });
  const routes = [
    {
      id: "root",
      path: "",
      loader,
      children: [
        { id: "home", index: true, loader },
        {
          id: "jobs",
          path: "jobs",
          loader,
          children: [
            { id: "jobs-index", index: true, loader },
            { id: "job", path: ":id", loader },
          ],
        },
        { id: "new", path: "jobs/new", loader },
        {
          id: "layout",
          hasErrorBoundary: true,
          loader,
          children: [
            { id: "about", path: "about", loader },
            { id: "bad", path: "bad", loader: () => Promise.reject(new Error("no")) },
          ],
        },
      ],
    },
  ];
  const whole = createStaticHandler(routes);
  const create = vi.fn(createStaticHandler);
  const branched = branchStaticHandlers(
    create as never,
    cachedMatchRoutes(matchRoutes as never),
  )(routes);
  type Context = { matches?: { route: { id: string } }[] };
  const ids = (c: unknown) =>
    c instanceof Response
      ? c.status
      : (c as Context)?.matches
        ? {
            ...(c as object),
            matches: (c as Context).matches!.map((m) => ({ ...m, route: m.route.id })),
          }
        : c;
  const settle = (p: () => Promise<unknown>) => p().then(ids, (e) => ["thrown", ids(e)]);

  it("answers query and queryRoute as the whole tree's handler does", async () => {
    for (const path of [
      "/",
      "/jobs",
      "/jobs?index",
      "/jobs/new",
      "/jobs/7",
      "/about",
      "/bad",
      "/x",
      "/j%C3%A9",
    ])
      for (const routeId of [undefined, "root", "job", "about"]) {
        const request = () => new Request(`http://localhost${path}`);
        expect(await settle(() => branched.query(request()))).toEqual(
          await settle(() => whole.query(request())),
        );
        expect(await settle(() => branched.queryRoute(request(), { routeId }))).toEqual(
          await settle(() => whole.queryRoute(request(), { routeId })),
        );
      }
    // One handler for the tree, then one per branch: the paths above match six.
    expect(create).toHaveBeenCalledTimes(7);
  });
});
