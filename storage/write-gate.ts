// One write at a time from this process to a libSQL server, with a bounded wait.
// sqld 0.24 queues waiting writers in its own lock manager and steals the lock from a
// transaction older than 5 s; with dozens of writers waiting on it at once from one process
// under CPU load it wedged (measured: 16 of its threads spinning, every later write hung,
// reads still answered; decisions.md, issue 14). Sending it one write per process keeps its
// queue as short as the number of nodes, and costs nothing it would not serialize anyway.

/** What a 503 tells the caller to wait; a restarting sqld or writer thread is back within seconds. */
export const RETRY_AFTER_SECONDS = 2;

export class WriteWaitExceeded extends Error {
  constructor(readonly waitedMs: number) {
    super(`this node's earlier writes held the database for more than ${waitedMs / 1000} s`);
  }
}

interface Waiter {
  admit: () => void;
  timer: NodeJS.Timeout | null;
}

export class WriteGate {
  private busy = false;
  private readonly waiters: Waiter[] = [];

  /** `maxWaitMs` null: wait as long as it takes (the one writer of a local file). */
  constructor(private readonly maxWaitMs: number | null) {}

  /** Runs `fn` once every earlier write has finished; throws WriteWaitExceeded past the bound. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    await this.enter();
    try {
      return await fn();
    } finally {
      this.leave();
    }
  }

  /** How many writes wait for their turn (for tests and diagnostics). */
  get queued(): number {
    return this.waiters.length;
  }

  private enter(): Promise<void> {
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        admit: () => {
          if (waiter.timer) clearTimeout(waiter.timer);
          resolve();
        },
        timer: null,
      };
      const maxWaitMs = this.maxWaitMs;
      if (maxWaitMs !== null) {
        waiter.timer = setTimeout(() => {
          const at = this.waiters.indexOf(waiter);
          if (at >= 0) this.waiters.splice(at, 1);
          reject(new WriteWaitExceeded(maxWaitMs));
        }, maxWaitMs);
      }
      this.waiters.push(waiter);
    });
  }

  private leave(): void {
    const next = this.waiters.shift();
    // The gate stays taken and passes straight to the next waiter: nobody can slip in between.
    if (next) next.admit();
    else this.busy = false;
  }
}
