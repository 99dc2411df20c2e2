import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
} from "@remix-run/react";
import { getUser } from "~/web/auth.server";
import { publicConfig } from "~/lib/env.server";
import { useNonce } from "~/lib/nonce";
import { readFlash } from "~/lib/session.server";
import { serializeUser } from "~/models/user/user.server";
import { AppShell } from "~/components/layout/app-shell";
import { BrandMark } from "~/components/layout/brand";
import { themeBootScript } from "~/components/layout/theme-boot.server";
import { useFlashes } from "~/components/ui/notify";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import styles from "~/styles/app.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export const meta: MetaFunction = () => [
  { title: "Runway" },
  {
    name: "description",
    content: "Internships, jobs and alumni surveys for the students and alumni of the college.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  // Public frame data: who is signed in (or null), the public configuration, and this request's
  // flash notices, whose cookie is cleared in the same response so each is shown once.
  const [user, flash] = await Promise.all([getUser(request), readFlash(request)]);
  return json(
    {
      user: user ? serializeUser(user) : null,
      config: publicConfig(),
      flashes: flash.flashes,
      // `Save-Data: on`: lists leave out logos and avatars (app/components/ui/save-data.ts).
      saveData: request.headers.get("Save-Data")?.trim().toLowerCase() === "on",
    },
    { headers: flash.clear ? { "Set-Cookie": flash.clear } : undefined },
  );
}

const ZOD_JITLESS =
  "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true})";

export type RootData = ReturnType<typeof useLoaderData<typeof loader>>;

export function Layout({ children }: { children: React.ReactNode }) {
  // Undefined on the error page when the root loader itself failed.
  const data = useRouteLoaderData<typeof loader>("root");
  const adminShortName = data?.user?.role === "admin" ? data.config.collegeShortName : null;
  const nonce = useNonce();
  return (
    // The boot script may set data-admin-theme before React hydrates: not a mismatch worth a warning.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1f3a" />
        {/* Before any module: zod 4 otherwise probes `new Function` once, a CSP violation report (docs/security.md). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }} />
        {adminShortName !== null ? (
          // Server only: the browser keeps the server's script as it is (theme-boot.server.ts).
          <script
            nonce={nonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{
              __html: typeof document === "undefined" ? themeBootScript(adminShortName) : "",
            }}
          />
        ) : null}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* The service worker's page side (app/sw/register.ts): outside every route bundle. */}
        <script
          src="/sw-register.js"
          async
          nonce={nonce}
          data-user={data?.user?.id ?? ""}
          data-tz={data?.config.timeZone ?? "UTC"}
        />
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  useFlashes(data.flashes);
  return (
    <AppShell user={data.user} config={data.config} flashes={data.flashes}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  // Present when a child route failed: keep the whole frame (navigation, footer) around the error.
  const data = useRouteLoaderData<typeof loader>("root");
  const page = <GeneralErrorBoundary />;
  if (data) {
    return (
      <AppShell user={data.user} config={data.config}>
        {page}
      </AppShell>
    );
  }
  return (
    <div className="app">
      <header className="navbar">
        <div className="navbar-inner">
          <Link to="/" className="brand" reloadDocument>
            <BrandMark />
            <span>Runway</span>
          </Link>
        </div>
      </header>
      {page}
    </div>
  );
}
