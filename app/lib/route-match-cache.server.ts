/**
 * Remix matches the request's path against the route tree several times per request, and
 * `@remix-run/router`'s `matchRoutes` flattens, scores and sorts all ~140 routes and compiles a
 * regular expression per route it tries on every call (React Router 7 caches this; Remix 2 does
 * not). It was a fifth of the CPU time of a search request in the jobs benchmark's profile. The
 * answer depends only on the tree's shape and the path, and Remix matches trees of a few shapes
 * (its request handler's is built once per build, a page's anew per render): this keeps the recent
 * answers per shape (ADR 142).
 */
import { createRequire } from "node:module";

type MatchRoutes = (routes: object[], location: unknown, basename?: string) => Match[] | null;
interface Match {
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
  route: unknown;
}

/** Paths remembered per route tree; the map is emptied when it fills up. */
export const ROUTE_MATCH_CACHE_SIZE = 2_000;
/** Route tree shapes remembered (Remix builds a few, some anew for every page it renders). */
const TREE_SHAPES = 8;

interface RouteNode {
  id?: unknown;
  path?: unknown;
  index?: unknown;
  caseSensitive?: unknown;
  children?: unknown;
}
/** A match as kept: the route as its position in the tree (index at each level). */
type Kept = Omit<Match, "route"> & { at: number[] };

/**
 * The tree's shape: every route's id, path, index and caseSensitive flag — all that matching
 * reads — and its children, in order. Two trees with one shape match every path alike, position
 * for position; the pages' own trees are built anew per request with the same shape.
 */
function shapeOf(routes: RouteNode[]): string {
  // Built once per page render (Remix's tree for a page is new each time): plain concatenation,
  // strings length-prefixed so no two shapes give one key.
  let shape = "";
  for (const r of routes) {
    shape += `${part(r.id)}|${part(r.path)}|${part(r.index)}|${part(r.caseSensitive)}`;
    if (Array.isArray(r.children)) shape += `[${shapeOf(r.children as RouteNode[])}]`;
    shape += ",";
  }
  return shape;
}

function part(v: unknown): string {
  if (typeof v === "string") return `${v.length}:${v}`;
  if (v === undefined || typeof v === "boolean") return String(v);
  return `j${JSON.stringify(v)}`;
}

/** Where each route sits in the tree (its index at each level). */
function positions(routes: RouteNode[], at: number[] = [], out = new Map<unknown, number[]>()) {
  routes.forEach((r, i) => {
    out.set(r, [...at, i]);
    if (Array.isArray(r.children)) positions(r.children, [...at, i], out);
  });
  return out;
}

/** A caching `matchRoutes` over `match`: same answers, each caller gets its own copies. */
export function cachedMatchRoutes(match: MatchRoutes): MatchRoutes {
  const shapes = new WeakMap<object[], string>();
  const byShape = new Map<string, Map<string, Kept[] | null>>();
  const cached: MatchRoutes = (routes, location, basename) => {
    // Only a path given as a string or a { pathname } location (what Remix passes) is cached:
    // a search or hash part plays no role in matching, but anything else is passed through.
    const pathname =
      typeof location === "string"
        ? location.split(/[?#]/, 1)[0]
        : location && typeof location === "object" && Object.keys(location).length === 1
          ? (location as { pathname?: unknown }).pathname
          : undefined;
    if (typeof pathname !== "string" || !Array.isArray(routes))
      return match(routes, location, basename);
    let shape = shapes.get(routes);
    if (shape === undefined) shapes.set(routes, (shape = shapeOf(routes as RouteNode[])));
    let paths = byShape.get(shape);
    if (!paths) {
      if (byShape.size >= TREE_SHAPES) byShape.clear();
      byShape.set(shape, (paths = new Map()));
    }
    const key = `${basename ?? "/"}\u0000${pathname}`;
    let kept = paths.get(key);
    if (kept === undefined) {
      const found = match(routes, pathname, basename);
      const at = found && positions(routes as RouteNode[]);
      kept = found && found.map(({ route, ...m }) => ({ ...m, at: at!.get(route)! }));
      // Every match's route comes from the tree; should one not, the answer is not kept.
      if (kept?.some((k) => !k.at)) return found;
      if (paths.size >= ROUTE_MATCH_CACHE_SIZE) paths.clear();
      paths.set(key, kept);
    }
    return (
      kept &&
      kept.map(({ at, ...m }) => {
        let route: RouteNode = { children: routes };
        for (const i of at) route = (route.children as RouteNode[])[i];
        return { ...m, params: { ...m.params }, route };
      })
    );
  };
  return cached;
}

interface StaticHandler {
  query(request: Request, opts?: unknown): Promise<unknown>;
  queryRoute(request: Request, opts?: unknown): Promise<unknown>;
}
type CreateStaticHandler = (routes: RouteNode[], opts?: { basename?: string }) => StaticHandler;

/**
 * The static handler's `query`/`queryRoute` match with the router module's own `matchRoutes`, out
 * of the wrapper's reach. This handler finds the request's branch with `match` (the cached one)
 * and hands the request to a handler of that branch alone (each route with only the next as its
 * child; one per branch, made on first use): its routes rank among themselves as in the whole
 * tree, so it matches alike at the cost of a few routes. A path that matches nothing goes to the
 * whole tree's handler (its 404).
 */
export function branchStaticHandlers(
  create: CreateStaticHandler,
  match: MatchRoutes,
): CreateStaticHandler {
  return (routes, opts) => {
    const whole = create(routes, opts);
    const byBranch = new Map<string, StaticHandler>();
    const handlerFor = (request: Request) => {
      const found = match(
        routes,
        { pathname: new URL(request.url).pathname },
        opts?.basename || "/",
      );
      if (!found) return whole;
      const key = found.map((m) => (m.route as RouteNode).id).join("\u0000");
      let handler = byBranch.get(key);
      if (!handler) {
        let branch: RouteNode | undefined;
        for (const { route } of found.reverse())
          branch = { ...(route as RouteNode), children: branch && [branch] };
        byBranch.set(key, (handler = create([branch!], opts)));
      }
      return handler;
    };
    return {
      ...whole,
      query: (request, o) => handlerFor(request).query(request, o),
      queryRoute: (request, o) => handlerFor(request).queryRoute(request, o),
    };
  };
}

type Make = (...args: unknown[]) => unknown;
type Same = (now: unknown[], then: unknown[]) => boolean;

/** `make`, answering again with what it made for the same first argument when `same` holds. */
function remembered(
  make: Make,
  same: Same,
  reuse = (made: unknown, _now: unknown[], _then: unknown[]) => made,
): Make {
  const kept = new WeakMap<object, { args: unknown[]; made: unknown }>();
  return (...args) => {
    const k = kept.get(args[0] as object);
    if (k && same(args, k.args)) return reuse(k.made, args, k.args);
    const made = make(...args);
    kept.set(args[0] as object, { args, made });
    return made;
  };
}

/**
 * `RemixServer` builds each page's route tree anew from the build's manifest and route modules
 * (the modules' object is new per request, its modules are the build's), and the static router
 * copies that tree into data routes (filling the manifest it is given): the same for every page.
 * Both are made once per build here; nothing on the server changes them afterwards.
 */
const sameServerRoutes: Same = ([routes, modules, , spa, ...rest], [, then, , thenSpa]) =>
  !rest.length &&
  spa === thenSpa &&
  Object.keys(routes as object).every(
    (id) => (modules as Record<string, unknown>)[id] === (then as Record<string, unknown>)[id],
  );
const sameDataRoutes: Same = ([, map, parent, manifest], [, thenMap]) =>
  map === thenMap && parent === undefined && !!manifest && !Object.keys(manifest).length;
const fillManifest = (made: unknown, [, , , manifest]: unknown[], [, , , kept]: unknown[]) => (
  Object.assign(manifest as object, kept),
  made
);

/** Marks the caching function, so that a build loaded again (development) does not wrap it twice. */
const CACHING = Symbol.for("runway.cachedMatchRoutes");

/**
 * Replaces `matchRoutes` on the server's `@remix-run/router` module (the one Remix's request
 * handler calls through) with the caching one, its static handlers with branch ones, and
 * remembers the page render's route trees. Idempotent, across builds loaded again too.
 */
export function cacheRouteMatches(): void {
  const router = createRequire(import.meta.url)("@remix-run/router") as {
    matchRoutes: MatchRoutes & { [CACHING]?: true };
    createStaticHandler: CreateStaticHandler;
  };
  if (router.matchRoutes[CACHING]) return;
  router.matchRoutes = Object.assign(cachedMatchRoutes(router.matchRoutes), {
    [CACHING]: true as const,
  });
  router.createStaticHandler = branchStaticHandlers(router.createStaticHandler, router.matchRoutes);
  const rr = router as unknown as { UNSAFE_convertRoutesToDataRoutes: Make };
  rr.UNSAFE_convertRoutesToDataRoutes = remembered(
    rr.UNSAFE_convertRoutesToDataRoutes,
    sameDataRoutes,
    fillManifest,
  );
  const remix = createRequire(import.meta.url)("@remix-run/react/dist/routes.js") as {
    createServerRoutes: Make;
  };
  remix.createServerRoutes = remembered(remix.createServerRoutes, sameServerRoutes);
}
