/**
 * Load shedding by event-loop delay, the way fastify's under-pressure does it: a histogram of the
 * event loop's delay (perf_hooks.monitorEventLoopDelay), sampled every SAMPLE_MS and reset. While
 * the last sample's delay is over the threshold, the process is behind on everything — parsing
 * requests, rendering pages, PGlite queries — and a new request would only wait in line for
 * seconds; it is answered 503 + Retry-After at once instead, which costs almost nothing and lets
 * the process catch up. The admission gate bounds database work; this bounds everything else.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";

export const SAMPLE_MS = 250;
/** The histogram's resolution; subtracted from its mean as under-pressure does (timer jitter). */
const RESOLUTION_MS = 10;

export interface LoadShedder {
  /** Whether a new request should be refused now. */
  overloaded(): boolean;
  /** The last sampled delay, in milliseconds. */
  readonly delayMs: number;
  readonly shed: number;
  stop(): void;
}

/** `maxDelayMs` 0 turns shedding off (the delay is still measured, for /metrics). */
export function createLoadShedder(maxDelayMs: number): LoadShedder {
  let histogram: IntervalHistogram | null = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let delayMs = 0;
  let last = performance.now();
  let shed = 0;
  const timer = setInterval(() => {
    if (!histogram) return;
    const now = performance.now();
    // The mean misses a stall the timer itself sat through: a tick that comes late counts too.
    const late = now - last - SAMPLE_MS;
    last = now;
    const mean = histogram.count > 0 ? histogram.mean / 1e6 - RESOLUTION_MS : 0;
    delayMs = Math.max(0, mean, late);
    histogram.reset();
  }, SAMPLE_MS);
  timer.unref();
  return {
    overloaded() {
      if (maxDelayMs > 0 && delayMs > maxDelayMs) {
        shed++;
        return true;
      }
      return false;
    },
    get delayMs() {
      return delayMs;
    },
    get shed() {
      return shed;
    },
    stop() {
      clearInterval(timer);
      histogram?.disable();
      histogram = null;
    },
  };
}
