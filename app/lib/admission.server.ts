/**
 * A bounded, first-come-first-served admission gate in front of database work. PGlite has one
 * connection: without a gate, 100 concurrent requests all start, interleave on that connection
 * and each waits for all the others (27 s to a first byte). With it, at most `concurrency`
 * requests run, up to `queueLimit` wait in order, and none waits longer than `waitMs`: beyond
 * that the caller answers 503 + Retry-After at once, so latency stays bounded under a burst.
 */
export class AdmissionRejected extends Error {
  constructor(public reason: "queue_full" | "timeout" | "aborted") {
    super(`admission ${reason}`);
    this.name = "AdmissionRejected";
  }
}

interface Waiter {
  grant: () => void;
  reject: (e: AdmissionRejected) => void;
  timer: NodeJS.Timeout | null;
}

export interface AdmissionStats {
  admitted: number;
  rejected: { queue_full: number; timeout: number; aborted: number };
}

export class Admission {
  private active = 0;
  private queue: Waiter[] = [];
  readonly stats: AdmissionStats = {
    admitted: 0,
    rejected: { queue_full: 0, timeout: 0, aborted: 0 },
  };

  constructor(
    readonly concurrency: number,
    readonly queueLimit: number,
    readonly waitMs: number,
  ) {}

  get enabled(): boolean {
    return this.concurrency > 0;
  }
  get activeCount(): number {
    return this.active;
  }
  get queueLength(): number {
    return this.queue.length;
  }

  /**
   * Waits for a slot; resolves with its release function (idempotent). Rejects with
   * AdmissionRejected when the queue is full, the wait budget is spent or `signal` aborts.
   */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (!this.enabled) return Promise.resolve(() => {});
    if (this.active < this.concurrency && this.queue.length === 0) {
      this.active++;
      this.stats.admitted++;
      return Promise.resolve(this.releaser());
    }
    if (this.queue.length >= this.queueLimit) {
      this.stats.rejected.queue_full++;
      return Promise.reject(new AdmissionRejected("queue_full"));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          cleanup();
          this.active++;
          this.stats.admitted++;
          resolve(this.releaser());
        },
        reject: (e) => {
          cleanup();
          this.remove(waiter);
          this.stats.rejected[e.reason]++;
          reject(e);
        },
        timer: null,
      };
      const onAbort = () => waiter.reject(new AdmissionRejected("aborted"));
      const cleanup = () => {
        if (waiter.timer) clearTimeout(waiter.timer);
        signal?.removeEventListener("abort", onAbort);
      };
      waiter.timer = setTimeout(() => waiter.reject(new AdmissionRejected("timeout")), this.waitMs);
      signal?.addEventListener("abort", onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  private remove(w: Waiter) {
    const i = this.queue.indexOf(w);
    if (i >= 0) this.queue.splice(i, 1);
  }

  private releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.active--;
      const next = this.queue.shift();
      if (next) next.grant();
    };
  }
}
