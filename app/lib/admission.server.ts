/**
 * A bounded, first-come-first-served admission gate in front of database work. PGlite has one
 * connection: without a gate, 100 concurrent requests all start, interleave on that connection
 * and each waits for all the others (27 s to a first byte). With it, at most `concurrency`
 * requests run, up to `queueLimit` wait in order, and none waits longer than `waitMs`: beyond
 * that the caller answers 503 + Retry-After at once, so latency stays bounded under a burst.
 *
 * One client (its address) holds at most half of the slots (`perClient`): a waiter whose client
 * is at that share is passed over for the next one, so a few busy or hostile connections from one
 * place cannot take every slot.
 */
export class AdmissionRejected extends Error {
  constructor(public reason: "queue_full" | "timeout" | "aborted") {
    super(`admission ${reason}`);
    this.name = "AdmissionRejected";
  }
}

interface Waiter {
  key: string | undefined;
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
  /** Slots held per client key. */
  private held = new Map<string, number>();
  /** The most slots one client may hold: half of them (at least one). */
  readonly perClient: number;
  readonly stats: AdmissionStats = {
    admitted: 0,
    rejected: { queue_full: 0, timeout: 0, aborted: 0 },
  };

  constructor(
    readonly concurrency: number,
    readonly queueLimit: number,
    readonly waitMs: number,
  ) {
    this.perClient = Math.max(1, Math.floor(concurrency / 2));
  }

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
   * Waits for a slot for client `key` (none: not counted per client); resolves with its release function (idempotent). Rejects
   * with AdmissionRejected when the queue is full, the wait budget is spent or `signal` aborts.
   */
  acquire(signal?: AbortSignal, key?: string): Promise<() => void> {
    if (!this.enabled) return Promise.resolve(() => {});
    if (this.active < this.concurrency && this.underShare(key) && !this.queue.some(this.eligible)) {
      return Promise.resolve(this.take(key));
    }
    if (this.queue.length >= this.queueLimit) {
      this.stats.rejected.queue_full++;
      return Promise.reject(new AdmissionRejected("queue_full"));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        key,
        grant: () => {
          cleanup();
          resolve(this.take(key));
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

  private underShare(key: string | undefined): boolean {
    return key === undefined || (this.held.get(key) ?? 0) < this.perClient;
  }

  private readonly eligible = (w: Waiter) => this.underShare(w.key);

  private take(key: string | undefined): () => void {
    this.active++;
    if (key !== undefined) this.held.set(key, (this.held.get(key) ?? 0) + 1);
    this.stats.admitted++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.active--;
      if (key !== undefined) {
        const n = (this.held.get(key) ?? 1) - 1;
        if (n > 0) this.held.set(key, n);
        else this.held.delete(key);
      }
      this.pump();
    };
  }

  /** Grants free slots to the longest-waiting waiters whose client is under its share. */
  private pump() {
    while (this.active < this.concurrency) {
      const i = this.queue.findIndex(this.eligible);
      if (i < 0) return;
      const [next] = this.queue.splice(i, 1);
      next!.grant();
    }
  }

  private remove(w: Waiter) {
    const i = this.queue.indexOf(w);
    if (i >= 0) this.queue.splice(i, 1);
  }
}
