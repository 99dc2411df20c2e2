import { useEffect, useState } from "react";

/** A timestamp: UTC on the server, the reader's local time once hydrated (no hydration mismatch). */
export function LocalTime({ iso }: { iso: string }) {
  const [text, setText] = useState(`${iso.slice(0, 16).replace("T", " ")} UTC`);
  useEffect(() => setText(new Date(iso).toLocaleString()), [iso]);
  return <time dateTime={iso}>{text}</time>;
}
