/**
 * One /api resource route from its methods: `export const { loader, action } = apiRoute({GET, POST,
 * …})`. Each method's handler gets the request's `ApiCall` (caller, context, body, params) and
 * returns a Response or a value answered as JSON 200; another method is a 405 naming the route's
 * methods in the order they are written; OPTIONS is the preflight; errors are JSON (`handleApi`).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { ZodType } from "zod";
import type { Db } from "#db/client";
import { getDb } from "~/lib/db.server";
import { NotFound } from "~/lib/errors";
import { ctxOf, type SignedInCtx } from "~/models/context";
import type { SessionUser } from "~/models/auth/session.server";
import {
  handleApi,
  idempotentApi,
  json,
  methodNotAllowed,
  parseBody,
  readJson,
  requireApiRole,
  type ApiWho,
} from "~/web/api.server";

type Params = LoaderFunctionArgs["params"];

/** What a method's handler reads its request through. */
export interface ApiCall {
  request: Request;
  params: Params;
  /** A path parameter, "" when absent (a model answers 404 for it). */
  param(name: string): string;
  /** The caller `who` admits, else 401 / 403. */
  caller(who: ApiWho): Promise<SessionUser>;
  /**
   * The model context of the caller `who` admits (`ctxOf`, or `make`, e.g. `ojtCtx`). The caller is
   * checked before anything else is read.
   */
  ctx(who: ApiWho): Promise<SignedInCtx>;
  ctx<C>(who: ApiWho, make: (db: Db, user: SessionUser) => C): Promise<C>;
  /** The JSON body validated by `schema` (400 with the field errors otherwise). */
  body<T>(schema: ZodType<T>): Promise<T>;
  /**
   * A create by the caller `who` admits, under their `Idempotency-Key` (see `idempotentApi`):
   * `make(caller, body)` with the raw JSON body (it validates), answered 201 — a retry gets the
   * first answer.
   */
  create(
    who: ApiWho,
    make: (user: SessionUser, body: unknown) => Promise<unknown>,
  ): Promise<Response>;
  /** `data` as JSON with this status (201 for a create, 202 for queued work). */
  reply(data: unknown, status: number): Response;
}

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ApiHandler = (call: ApiCall) => Promise<unknown>;

function callOf({ request, params }: LoaderFunctionArgs | ActionFunctionArgs): ApiCall {
  return {
    request,
    params,
    param: (name) => params[name] ?? "",
    caller: (who) => requireApiRole(request, who),
    ctx: async (who: ApiWho, make: (db: Db, user: SessionUser) => unknown = ctxOf) => {
      const user = await requireApiRole(request, who);
      return make(await getDb(), user);
    },
    body: async (schema) => parseBody(schema, await readJson(request)),
    create: async (who, make) => {
      const user = await requireApiRole(request, who);
      const body = await readJson(request);
      return idempotentApi(request, user, body, async () =>
        json(request, await make(user, body), { status: 201 }),
      );
    },
    reply: (data, status) => json(request, data, { status }),
  } as ApiCall;
}

/**
 * The loader and action of an /api route (a route exports the ones it answers: a GET-only route that
 * exports no action leaves other methods to the framework). The loader answers GET (and HEAD) with
 * `GET`; the action dispatches on the method. Any other method is a 405 naming the route's methods,
 * or with `otherMethods: "notFound"` a 404, as if the route were not there (the public auth doors).
 */
export function apiRoute(
  methods: Partial<Record<ApiMethod, ApiHandler>>,
  opts: { otherMethods?: "notAllowed" | "notFound" } = {},
): {
  loader: (args: LoaderFunctionArgs) => Promise<Response>;
  action: (args: ActionFunctionArgs) => Promise<Response>;
} {
  const allow = Object.keys(methods).join(", ");
  const other = (request: Request) => {
    if (opts.otherMethods === "notFound") throw new NotFound("Not found");
    return methodNotAllowed(request, allow);
  };
  const run = (method: string, args: LoaderFunctionArgs | ActionFunctionArgs) =>
    handleApi(args.request, async () => {
      const handler = Object.hasOwn(methods, method) ? methods[method as ApiMethod] : undefined;
      return handler ? handler(callOf(args)) : other(args.request);
    });
  return {
    loader: (args) => run("GET", args),
    action: (args) => run(args.request.method, args),
  };
}
