/** Plain text with its web addresses as safe external links (React elements, no HTML injection). */
import { linkify } from "~/lib/linkify";

/** `rel` of every link an admin typed: no opener access, no referrer, no search-ranking endorsement. */
export const EXTERNAL_REL = "noopener noreferrer nofollow";

export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((p, i) =>
        "href" in p ? (
          <a key={i} href={p.href} target="_blank" rel={EXTERNAL_REL}>
            {p.text}
          </a>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}
