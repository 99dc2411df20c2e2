/**
 * /stay-safe: a static, public, indexable page on spotting fake job offers and reporting
 * them. Linked from every job page, the alerts screen and the job alert e-mail. The college's
 * name and contact come from the root loader's public configuration.
 */
import type { MetaFunction } from "@remix-run/node";
import { Link, useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import jobsCss from "~/styles/jobs.css";
import { stylesheet } from "~/components/layout/stylesheet";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";

export const links = stylesheet(jobsCss);

export const meta: MetaFunction = () => [
  { title: "Stay safe when you look for a job · Runway" },
  {
    name: "description",
    content:
      "Never pay to apply, verify the company, keep your passport and bank details until you have an offer, and report a suspicious posting.",
  },
];

export default function StaySafe() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const college = root?.config.collegeName ?? "the college";
  const email = root?.config.infoEmail;
  return (
    <main className="page page-narrow stay-safe">
      <h1>Stay safe when you look for a job</h1>
      <p className="job-detail-lead">
        Most postings on Runway are real offers from airlines, maintenance organisations, airports
        and schools. A few people use job boards to take money or personal data from students. These
        rules keep you safe.
      </p>

      <section aria-labelledby="safe-pay" className="stack">
        <h2 id="safe-pay">Never pay to apply</h2>
        <p>
          A real employer never asks you to pay to apply, or to pay for training, a medical
          examination, a uniform, a visa or a “placement fee” before you have a written job offer. A
          request for money, a gift card or a bank transfer is the clearest sign of a scam.
        </p>
      </section>

      <section aria-labelledby="safe-verify" className="stack">
        <h2 id="safe-verify">Check the company</h2>
        <ul>
          <li>
            Open the company’s own website (the Apply Now button leads there) and check the job is
            listed.
          </li>
          <li>
            Recruiters write from the company’s official e-mail domain (name@company.com), not from
            a free mail account.
          </li>
          <li>
            Training schools and aircraft maintenance organisations should be certified by the Civil
            Aviation Authority of the Philippines (CAAP): check the certificate number with CAAP.
          </li>
          <li>
            Be careful with recruiters who only talk through chat apps and will not meet or call.
          </li>
        </ul>
      </section>

      <section aria-labelledby="safe-data" className="stack">
        <h2 id="safe-data">Keep your documents until you have an offer</h2>
        <p>
          Do not send your passport, bank or card details, or copies of your licences before you
          have a written offer from a company you have checked. Nobody needs your passwords or
          one-time codes.
        </p>
      </section>

      <section aria-labelledby="safe-report" className="stack">
        <h2 id="safe-report">Report a suspicious posting</h2>
        <p>
          Use <strong>Report this posting</strong> at the bottom of any job page (you need to be
          signed in), or write to the career office of {college}
          {email ? (
            <>
              {" "}
              at <a href={`mailto:${email}`}>{email}</a>
            </>
          ) : null}
          .
        </p>
      </section>

      <section aria-labelledby="safe-runway" className="stack">
        <h2 id="safe-runway">What Runway does</h2>
        <p>
          The career office reviews every posting before it appears on the board. When several users
          report the same posting it is hidden at once until the career office has looked at it, and
          postings found to be false are removed.
        </p>
      </section>

      <p>
        <Link to="/jobs">Back to the jobs</Link>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
