/**
 * The key a client address counts under, for rate limits and analytics. An IPv6 client usually
 * holds a whole /64 (SLAAC, privacy addresses: one home or phone can use billions of addresses in
 * it), so IPv6 counts per /64; an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, how a dual-stack
 * socket reports IPv4 clients) is the IPv4 address it carries.
 */
import { isIPv4, isIPv6 } from "node:net";

/** The eight 16-bit groups of an IPv6 address (embedded dotted IPv4 included), or null. */
function groupsOf(ip: string): number[] | null {
  let text = ip;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const o = dotted[1].split(".").map(Number);
    text =
      text.slice(0, -dotted[1].length) +
      `${((o[0] << 8) | o[1]).toString(16)}:${((o[2] << 8) | o[3]).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const part = (s: string) => (s ? s.split(":").map((g) => Number.parseInt(g, 16)) : []);
  const head = part(halves[0]);
  const tail = halves.length === 2 ? part(halves[1]) : [];
  const fill = 8 - head.length - tail.length;
  if (fill < 0 || (halves.length === 1 && fill !== 0)) return null;
  const groups = [...head, ...Array<number>(fill).fill(0), ...tail];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * `1.2.3.4` for IPv4 (and IPv4-mapped IPv6), `2001:db8:1:2::/64` for IPv6, the value unchanged
 * otherwise ("unknown", a proxy's odd header). A zone (`fe80::1%eth0`) is dropped.
 */
export function addressKey(address: string): string {
  const ip = address.trim().replace(/%.*$/, "");
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return address;
  const g = groupsOf(ip);
  if (!g) return address;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff)
    return `${g[6] >> 8}.${g[6] & 0xff}.${g[7] >> 8}.${g[7] & 0xff}`;
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(":")}::/64`;
}
