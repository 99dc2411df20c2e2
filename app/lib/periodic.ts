import { errorText } from "./log.server";

/**
 * A job the server runs on a timer instead of cron: a first run after `firstAfterMs`, then every
 * `intervalMs`, never two at once in this process; a failure is logged and the next tick tries
 * again. The returned stop function cancels the timers and waits for a run in flight. `run` gets
 * `stopped()` so a long run can end early at shutdown.
 */
export function startPeriodic(
  name: string,
  run: (stopped: () => boolean) => Promise<string | null>,
  opts: { intervalMs: number; firstAfterMs: number; log?: (line: string) => void },
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        const said = await run(() => stopped);
        if (said) opts.log?.(`[${name}] ${said}`);
      } catch (e) {
        opts.log?.(`[${name}] run failed: ${errorText(e)}`);
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, opts.intervalMs);
  timer.unref();
  const first = setTimeout(tick, opts.firstAfterMs);
  first.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(first);
    await running;
  };
}
