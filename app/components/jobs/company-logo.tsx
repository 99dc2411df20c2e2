import { imageSources } from "~/lib/image-src";

/** A company logo, or a placeholder with the company's initials (decorative: the name is shown as text). */
export function CompanyLogo({
  name,
  logoUrl,
  size = 48,
}: {
  name: string;
  logoUrl: string | null;
  size?: number;
}) {
  if (logoUrl)
    return (
      <img
        className="company-logo"
        {...imageSources(logoUrl, size)}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
      />
    );
  const initials =
    name
      .split(/\s+/)
      .filter((w) => /[\p{L}\p{N}]/u.test(w))
      .slice(0, 2)
      .map((w) => [...w][0]!.toUpperCase())
      .join("") || "?";
  return (
    <span
      className="company-logo company-logo-placeholder"
      aria-hidden="true"
      style={{ width: size, height: size }}
    >
      {initials}
    </span>
  );
}
