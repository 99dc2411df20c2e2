/**
 * A small in-process gate for CPU-heavy work (password hashing): at most `concurrency` jobs run at
 * once, at most `maxQueue` wait, none longer than `maxWaitMs`. Past either bound the caller gets a
 * `QueueBusy` at once instead of piling up, so a login flood cannot starve every other request of
 * the event loop's thread pool.
 */
export class QueueBusy extends Error {
  constructor(public retryAfterSeconds: number) {
    super("busy");
    this.name = "QueueBusy";
  }
}

export interface WorkQueue {
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running and waiting now (for tests and metrics). */
  stats(): { running: number; waiting: number; peak: number };
}

/** Creates a gate; see the module comment for the bounds. */
export function createWorkQueue(opts: {
  concurrency: number;
  maxQueue: number;
  maxWaitMs: number;
}): WorkQueue {
  let running = 0;
  let peak = 0;
  const waiting: Array<{ start: () => void; timer: NodeJS.Timeout }> = [];
  const retryAfter = () => Math.max(1, Math.ceil(opts.maxWaitMs / 1000));

  const next = () => {
    const w = waiting.shift();
    if (!w) return;
    clearTimeout(w.timer);
    w.start();
  };

  return {
    stats: () => ({ running, waiting: waiting.length, peak }),
    run<T>(job: () => Promise<T>): Promise<T> {
      const exec = async () => {
        running++;
        peak = Math.max(peak, running);
        try {
          return await job();
        } finally {
          running--;
          next();
        }
      };
      if (running < opts.concurrency) return exec();
      if (waiting.length >= opts.maxQueue) return Promise.reject(new QueueBusy(retryAfter()));
      return new Promise<T>((resolve, reject) => {
        const entry = {
          start: () => exec().then(resolve, reject),
          timer: setTimeout(() => {
            const i = waiting.indexOf(entry);
            if (i >= 0) waiting.splice(i, 1);
            reject(new QueueBusy(retryAfter()));
          }, opts.maxWaitMs),
        };
        entry.timer.unref?.();
        waiting.push(entry);
      });
    },
  };
}
