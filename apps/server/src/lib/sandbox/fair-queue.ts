/** How the sandbox's workers are shared between tenants. */
export interface ShareLimits {
  /** Workers one tenant may hold at once; its other jobs wait even when a worker is free. */
  tenantShare: number;
  /** Jobs one tenant may have waiting; more are refused. */
  tenantQueue: number;
  /** Jobs all tenants together may have waiting; more are refused. */
  totalQueue: number;
  /** How long a job may wait for a worker; one that could not start by then is refused. */
  queueWaitMs: number;
}

interface Waiting<T> {
  item: T;
  timer: NodeJS.Timeout;
}

/**
 * The jobs waiting for a worker, per tenant, and the workers each tenant holds. Workers go round-robin to the
 * tenants that hold fewer than their share, so a tenant with many jobs waits behind its own jobs, not in front of
 * another tenant's. A job that waits too long is handed to `expired` and forgotten.
 */
export class FairQueue<T> {
  /** Jobs per tenant; the map's order is the round-robin order (a tenant just served moves to the back). */
  private readonly waiting = new Map<string, Waiting<T>[]>();
  private readonly holding = new Map<string, number>();
  private count = 0;

  constructor(
    private readonly limits: ShareLimits,
    private readonly expired: (item: T) => void,
  ) {}

  /** Workers the tenant holds now. */
  held(tenant: string): number {
    return this.holding.get(tenant) ?? 0;
  }

  /**
   * The tenant takes a worker at once when it is under its share and has nothing waiting (a job must not pass its
   * own tenant's older ones). The caller has a free worker, which means no waiting job of any tenant could use it.
   */
  holdNow(tenant: string): boolean {
    if (this.held(tenant) >= this.limits.tenantShare || this.waiting.has(tenant)) {
      return false;
    }
    this.holding.set(tenant, this.held(tenant) + 1);
    return true;
  }

  /** Queues a job; false when the tenant's queue or the whole queue is full. */
  add(tenant: string, item: T): boolean {
    const list = this.waiting.get(tenant) ?? [];
    if (this.count >= this.limits.totalQueue || list.length >= this.limits.tenantQueue) {
      return false;
    }
    const entry: Waiting<T> = {
      item,
      timer: setTimeout(() => this.expire(tenant, entry), this.limits.queueWaitMs),
    };
    list.push(entry);
    this.waiting.set(tenant, list);
    this.count++;
    return true;
  }

  /** The next job of the first tenant in turn that holds fewer workers than its share; it now holds one more. */
  take(): { tenant: string; item: T } | undefined {
    for (const [tenant, list] of this.waiting) {
      if (this.held(tenant) >= this.limits.tenantShare) {
        continue;
      }
      const entry = list.shift();
      if (!entry) {
        continue;
      }
      clearTimeout(entry.timer);
      this.count--;
      this.waiting.delete(tenant);
      if (list.length > 0) {
        this.waiting.set(tenant, list);
      }
      this.holding.set(tenant, this.held(tenant) + 1);
      return { tenant, item: entry.item };
    }
    return undefined;
  }

  /** The tenant gave a worker back. */
  release(tenant: string): void {
    const held = this.held(tenant) - 1;
    if (held > 0) {
      this.holding.set(tenant, held);
    } else {
      this.holding.delete(tenant);
    }
  }

  /** Every waiting job, removed (the sandbox is closing). */
  drain(): T[] {
    const items = [...this.waiting.values()].flat().map((entry) => {
      clearTimeout(entry.timer);
      return entry.item;
    });
    this.waiting.clear();
    this.count = 0;
    return items;
  }

  private expire(tenant: string, entry: Waiting<T>) {
    const list = this.waiting.get(tenant);
    const at = list ? list.indexOf(entry) : -1;
    if (!list || at < 0) {
      return;
    }
    list.splice(at, 1);
    this.count--;
    if (list.length === 0) {
      this.waiting.delete(tenant);
    }
    this.expired(entry.item);
  }
}
