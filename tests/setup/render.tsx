/** Renders routes to HTML the way the server does, with a real data router (loaders, boundaries). */
import { renderToString } from "react-dom/server";
import type { RouteObject } from "react-router-dom";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";

export async function renderRoutes(routes: RouteObject[]): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}
