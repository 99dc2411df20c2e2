import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
} from "@remix-run/react";
import { getUser } from "~/lib/auth.server";
import { publicConfig } from "~/lib/env.server";
import { readFlash } from "~/lib/session.server";
import { serializeUser } from "~/models/user/user.server";
import { AppShell } from "~/components/layout/app-shell";
import { useFlashes } from "~/components/ui/notify";
import styles from "~/styles/app.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "Runway" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, flash] = await Promise.all([getUser(request), readFlash(request)]);
  return json(
    {
      user: user ? serializeUser(user) : null,
      config: publicConfig(),
      flashes: flash.flashes,
    },
    { headers: flash.clear ? { "Set-Cookie": flash.clear } : undefined },
  );
}

export type RootData = ReturnType<typeof useLoaderData<typeof loader>>;

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  useFlashes(data.flashes);
  return (
    <AppShell user={data.user} config={data.config}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="error-page">
      <h1>Unexpected Application Error!</h1>
      <p>{status === 404 ? "This page could not be found." : "Something went wrong. Please try again."}</p>
      <a href="/">Go to the home page</a>
    </main>
  );
}
