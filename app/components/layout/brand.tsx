/** The Runway word mark: a small plane over a runway centre line, in the accent colour. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg
      className="brand-mark"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M5 19l22-8-3 4-9 2 5 7-3 1-6-6-4 1z" fill="#fff" />
    </svg>
  );
}
