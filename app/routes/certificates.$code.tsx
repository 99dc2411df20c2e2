/**
 * /certificates/{code}: the public check of an OJT completion certificate (the address its QR
 * code holds). It confirms the name, programme, host, hours and date — nothing else. The code's
 * shape is checked before any query; a forged or unknown code is a 404 after the same single
 * indexed lookup a real one costs; each address may ask a limited number of times.
 */
import type {
  HeadersFunction,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BadLinkBoundary } from "~/components/ui/bad-link-boundary";
import { screen } from "~/web/screen.server";
import { enforce } from "~/lib/rate-limit.server";
import { clientKey } from "~/lib/request.server";
import { verifyCertificate } from "~/models/ojt/completion.server";
import { ojtConfig } from "~/web/config.server";
import styles from "~/styles/ojt.css";
import { formatCalendarDate } from "~/lib/datetime";

/** Checks per client address and window: plenty for people, too few to walk the code space. */
export const CERTIFICATE_CHECKS = { max: 30, windowSeconds: 600 };
export const CERTIFICATE_NOT_FOUND =
  "No certificate has this verification code. Check the code printed on the certificate.";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export function loader(args: LoaderFunctionArgs) {
  // A client over its checks gets the 429 route error response with Retry-After.
  return screen("none", async ({ request, params, ctx: { db } }) => {
    await enforce(db, { key: `certificate-ip:${clientKey(request)}`, ...CERTIFICATE_CHECKS });
    const cert = await verifyCertificate(db, ojtConfig(), params.code ?? "");
    if (!cert) throw json({ message: CERTIFICATE_NOT_FOUND }, { status: 404 });
    return json({ cert });
  })(args);
}

/** A certificate is a person's record: not cached by others, not indexed, no Referer onward. */
export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex",
});

export const meta: MetaFunction = () => [
  { title: "Certificate verification · Runway" },
  { name: "robots", content: "noindex" },
];

export default function CertificateCheck() {
  const { cert } = useLoaderData<typeof loader>();
  return (
    <main className="page page-narrow">
      <h1>Certificate verified</h1>
      <p role="status">
        This is a genuine OJT completion certificate, verification code <code>{cert.code}</code>.
      </p>
      <dl className="ojt-facts">
        <dt>Name</dt>
        <dd>{cert.studentName}</dd>
        <dt>Programme</dt>
        <dd>{cert.programme}</dd>
        <dt>Host</dt>
        <dd>{cert.host}</dd>
        <dt>Hours</dt>
        <dd>{cert.approvedHours}</dd>
        <dt>Completed</dt>
        <dd>{formatCalendarDate(cert.completedOn)}</dd>
      </dl>
    </main>
  );
}

export function ErrorBoundary() {
  return <BadLinkBoundary title="Certificate verification" message={CERTIFICATE_NOT_FOUND} />;
}
