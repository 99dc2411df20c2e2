import { env } from "./env.server";

/**
 * The client address for rate limits and audit. X-Forwarded-For is trusted only with TRUST_PROXY
 * (behind a load balancer); otherwise the socket address passed in by the server adapter.
 */
export function clientIp(request: Request): string {
  if (env().TRUST_PROXY) {
    const xff = request.headers.get("x-forwarded-for");
    if (xff) return xff.split(",")[0].trim();
  }
  return request.headers.get("x-runway-remote-addr") ?? "unknown";
}
