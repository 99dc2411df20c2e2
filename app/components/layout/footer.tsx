/**
 * The footer: what Runway is, site links, social links, the contact block from the
 * configuration, and the Privacy Policy / Terms of Service modals.
 *
 * Without JavaScript the two legal entries are links to `#privacy-policy` / `#terms-of-service`,
 * sections of this footer that CSS shows only while they are the URL's :target. Once hydrated they
 * become buttons that open the same text in a modal (docs/decisions/004-layout-without-javascript.md).
 */
import { Link } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import type { PublicConfig } from "~/lib/env.server";
import { useHydrated } from "../ui/use-hydrated";
import { BrandMark } from "./brand";
import { LEGAL_IDS, LEGAL_TITLES, LegalModal, LegalText, type LegalDoc } from "./legal-modals";
import { footerLinksFor } from "./menu";

type FooterConfig = Pick<PublicConfig, "collegeName" | "phone" | "infoEmail">;

const SOCIAL: ReadonlyArray<{ label: string; href: string; path: string }> = [
  {
    label: "Facebook",
    href: "https://www.facebook.com/",
    path: "M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.8v3h2.6V21h3.1z",
  },
  {
    label: "X",
    href: "https://x.com/",
    path: "M17.8 3h3l-6.6 7.6L22 21h-6.1l-4.8-6.3L5.6 21h-3l7.1-8.1L2.2 3h6.2l4.3 5.7L17.8 3zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5z",
  },
  {
    label: "LinkedIn",
    href: "https://www.linkedin.com/",
    path: "M6.9 8.8H3.6V20h3.3V8.8zM5.2 3.5a1.9 1.9 0 1 0 0 3.8 1.9 1.9 0 0 0 0-3.8zM20.4 13.6c0-3-1.6-4.9-4.3-4.9-1.4 0-2.5.8-2.9 1.5V8.8H10V20h3.3v-5.6c0-1.5.3-2.9 2.1-2.9 1.8 0 1.8 1.7 1.8 3V20h3.3v-6.4z",
  },
  {
    label: "YouTube",
    href: "https://www.youtube.com/",
    path: "M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3L10 15z",
  },
];

function LegalEntry({
  doc,
  onOpen,
  hydrated,
}: {
  doc: LegalDoc;
  onOpen: (d: LegalDoc) => void;
  hydrated: boolean;
}) {
  return hydrated ? (
    <button type="button" className="footer-link-button" onClick={() => onOpen(doc)}>
      {LEGAL_TITLES[doc]}
    </button>
  ) : (
    <a href={`#${LEGAL_IDS[doc]}`}>{LEGAL_TITLES[doc]}</a>
  );
}

/** A titled column of the footer; the heading names it for assistive technology. */
function FooterColumn(props: { as?: "nav"; id: string; title: string; children: ReactNode }) {
  const Tag = props.as ?? "section";
  return (
    <Tag className="footer-col" aria-labelledby={`footer-${props.id}-title`}>
      <h2 id={`footer-${props.id}-title`}>{props.title}</h2>
      {props.children}
    </Tag>
  );
}

export function Footer({
  config,
  user,
}: {
  config: FooterConfig;
  user?: { role?: string | null } | null;
}) {
  const hydrated = useHydrated();
  // The modal stays mounted so closing it lets <dialog> hand focus back to the button.
  const [legal, setLegal] = useState<{ doc: LegalDoc; open: boolean }>({
    doc: "privacy",
    open: false,
  });
  const openDoc = (doc: LegalDoc) => setLegal({ doc, open: true });
  const year = new Date().getFullYear();
  return (
    <footer className="footer" id="site-footer">
      <div className="footer-inner">
        <section className="footer-about" aria-labelledby="footer-about-title">
          <h2 id="footer-about-title" className="footer-brand">
            <BrandMark size={24} />
            Runway
          </h2>
          <p>
            Runway is an internship and alumni management system connecting students and alumni with
            job opportunities.
          </p>
          <ul className="social-list" aria-label="Social media">
            {SOCIAL.map((s) => (
              <li key={s.label}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="social-link"
                  aria-label={`${s.label} (opens in a new tab)`}
                >
                  <svg
                    width="20"
                    height="20"
                    viewBox="0 0 24 24"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <path d={s.path} fill="currentColor" />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </section>

        <FooterColumn as="nav" id="links" title="Explore">
          <ul>
            {footerLinksFor(user).map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </FooterColumn>

        <FooterColumn id="contact" title="Contact">
          <address>
            <span className="footer-college">{config.collegeName}</span>
            <span>
              Phone: <a href={`tel:${config.phone.replace(/[^\d+]/g, "")}`}>{config.phone}</a>
            </span>
            <span>
              E-mail: <a href={`mailto:${config.infoEmail}`}>{config.infoEmail}</a>
            </span>
          </address>
        </FooterColumn>

        <FooterColumn id="legal" title="Legal">
          <ul>
            <li>
              <LegalEntry doc="privacy" onOpen={openDoc} hydrated={hydrated} />
            </li>
            <li>
              <LegalEntry doc="terms" onOpen={openDoc} hydrated={hydrated} />
            </li>
          </ul>
        </FooterColumn>
      </div>

      <div className="footer-bottom">
        <p>
          © {year} {config.collegeName}. All rights reserved.
        </p>
      </div>

      {/* No-JS fallback: shown only while targeted by the links above. */}
      {(["privacy", "terms"] as const).map((d) => (
        <section
          key={d}
          id={LEGAL_IDS[d]}
          className="legal-target"
          aria-labelledby={`${LEGAL_IDS[d]}-title`}
        >
          <div className="legal-target-card">
            <h2 id={`${LEGAL_IDS[d]}-title`}>{LEGAL_TITLES[d]}</h2>
            <LegalText doc={d} collegeName={config.collegeName} />
            <a href="#site-footer" className="btn btn-primary">
              Close
            </a>
          </div>
        </section>
      ))}

      {hydrated ? (
        <LegalModal
          doc={legal.doc}
          open={legal.open}
          onClose={() => setLegal((l) => ({ ...l, open: false }))}
          collegeName={config.collegeName}
        />
      ) : null}
    </footer>
  );
}
