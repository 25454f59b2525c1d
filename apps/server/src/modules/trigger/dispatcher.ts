import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Egress } from '../../lib/egress/egress.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { AuthContext } from '../../types.ts';
import { statesOf } from './row-state.ts';
import type { DueDelivery, OutboxEvent, TriggerRepo, TriggerRow } from './trigger.repo.ts';

/** What the actions need of the other modules. */
export interface TriggerActions {
  actAs(tenantId: string, userId: string): Promise<AuthContext | undefined>;
  startProcess(ctx: AuthContext, key: string, variables: Record<string, unknown>): Promise<unknown>;
  runService(ctx: AuthContext, serviceId: string, params: Record<string, unknown>): Promise<unknown>;
  evaluate(
    ctx: AuthContext,
    code: string,
    params: Record<string, unknown>,
  ): Promise<{ ok: boolean; value?: unknown; error?: string }>;
}

/** Events read per round (of one tenant), deliveries attempted at once by a process (for one tenant). */
const EVENTS_PER_ROUND = 100;
const EVENTS_PER_TENANT = 25;
const IN_FLIGHT = 16;
const PER_TENANT = 4;
/** Retries stop this long after the event: the delivery is then failed for good (it can still be redelivered). */
const RETRY_WINDOW_MS = 24 * 3_600_000;
const DEFAULT_TIMEOUT_S = 10;

/** The header names of a webhook call. */
export const SIGNATURE_HEADER = 'x-yuan-signature';
export const DELIVERY_HEADER = 'x-yuan-delivery';

/** A webhook body's signature: HMAC-SHA256 of the raw body under the trigger's secret, hex. */
export const signatureOf = (secret: string, body: string) =>
  createHmac('sha256', secret).update(body).digest('hex');

/**
 * Moves data events from the outbox to their triggers' actions, after the change committed: each event becomes one
 * delivery per trigger whose fields and condition it meets (again is nothing: a delivery is keyed by trigger and
 * revision), and each due delivery is attempted, retried with a doubling wait when it fails. At least once: a
 * process killed mid-attempt leaves the delivery to be taken again when its lease ends.
 */
export class TriggerDispatcher {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly database: Database,
    private readonly repo: TriggerRepo,
    private readonly actions: TriggerActions,
    private readonly egress: Egress,
    private readonly box: SecretBox,
    private readonly retrySeconds: number,
    private readonly log: () => FastifyBaseLogger | undefined,
  ) {}

  /** One round: the outbox read, then as many due deliveries started as there is room for. */
  async round(): Promise<void> {
    await this.readOutbox();
    await this.startDue();
  }

  /** Waits for the attempts under way (tests, and a stop). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) {
      await Promise.all([...this.inFlight]);
    }
  }

  private async readOutbox(): Promise<void> {
    const events = await this.database.run({ allTenants: true }, () =>
      this.repo.events(EVENTS_PER_ROUND, EVENTS_PER_TENANT),
    );
    for (const event of events) {
      try {
        const deliveries = await this.deliveriesOf(event);
        await this.database.run({ tenantId: event.tenantId }, () => this.repo.settle(event, deliveries));
      } catch (error) {
        // The event stays for the next round; the others go on.
        this.log()?.warn(
          { err: error, revisionId: event.revisionId },
          'triggers: an event could not be read',
        );
      }
    }
  }

  /** The deliveries an event makes: one per trigger whose fields changed and whose condition holds. */
  private async deliveriesOf(event: OutboxEvent) {
    if (!event.resource) {
      // Its revision is gone (pruned): nothing to tell.
      return [];
    }
    const scope = { tenantId: event.tenantId };
    const [triggers, history] = await this.database.run(scope, () =>
      Promise.all([
        this.repo.watching(event.tenantId, event.resource, event.action),
        this.repo.history(event.tenantId, event.resource, event.rowId, event.revisionId),
      ]),
    );
    const { before, after, changes } = statesOf(history);
    const changed = new Set(changes.map((c) => c.field));
    const out: { triggerId: string; payload: object; failed?: string }[] = [];
    for (const trigger of triggers) {
      if (
        event.action === 'update' &&
        trigger.fields.length > 0 &&
        !trigger.fields.some((f) => changed.has(f))
      ) {
        continue;
      }
      const payload = {
        event: event.action,
        resource: event.resource,
        rowId: event.rowId,
        revisionId: event.revisionId,
        trigger: { id: trigger.id, name: trigger.name },
        before,
        after,
        changes,
      };
      const verdict = await this.condition(trigger, payload);
      if (verdict === false) {
        continue;
      }
      out.push({ triggerId: trigger.id, payload, ...(verdict === true ? {} : { failed: verdict }) });
    }
    return out;
  }

  /** true, false, or why it could not be told (the delivery is then recorded as failed, with the reason). */
  private async condition(trigger: TriggerRow, payload: Record<string, unknown>): Promise<boolean | string> {
    if (trigger.condition.trim() === '') {
      return true;
    }
    const ctx = await this.definer(trigger);
    if (!ctx) {
      return 'the user who defined this trigger is gone';
    }
    const code = `const { before, after, changes, event } = params;\nreturn Boolean(${trigger.condition}\n);`;
    const result: { ok: boolean; value?: unknown; error?: string } = await this.actions
      .evaluate(ctx, code, payload)
      .catch((error: unknown) => ({ ok: false, error: reason(error) }));
    return result.ok ? result.value === true : `condition: ${result.error ?? 'failed'}`;
  }

  /** The actions run as the user who defined the trigger, with the roles they have now. */
  private definer(trigger: TriggerRow): Promise<AuthContext | undefined> {
    return this.database.run({ tenantId: trigger.tenantId }, () =>
      this.actions.actAs(trigger.tenantId, trigger.createUser ?? ''),
    );
  }

  private async startDue(): Promise<void> {
    const room = IN_FLIGHT - this.inFlight.size;
    if (room <= 0) {
      return;
    }
    const lease = 2 * 60;
    const due = await this.database.run({ allTenants: true }, () =>
      this.repo.takeDue(room, PER_TENANT, lease),
    );
    for (const delivery of due) {
      const attempt = this.attempt(delivery).finally(() => this.inFlight.delete(attempt));
      this.inFlight.add(attempt);
    }
  }

  /** One attempt, its outcome recorded: never throws (a failure is the delivery's, not the round's). */
  private async attempt(delivery: DueDelivery): Promise<void> {
    const started = performance.now();
    let outcome: { ok: boolean; code: number | null; error: string };
    try {
      const trigger = await this.database.run({ tenantId: delivery.tenantId }, () =>
        this.repo.find(delivery.tenantId, delivery.triggerId),
      );
      if (!trigger?.enabled) {
        throw new Error('the trigger was removed or switched off');
      }
      outcome = await this.act(trigger, delivery);
    } catch (error) {
      outcome = { ok: false, code: null, error: reason(error) };
    }
    const ms = performance.now() - started;
    const wait = this.retrySeconds * 1000 * 2 ** delivery.attempts;
    const nextAt = Date.now() + wait;
    const next =
      outcome.ok || nextAt > delivery.createTime.getTime() + RETRY_WINDOW_MS ? null : new Date(nextAt);
    await this.database.run({ tenantId: delivery.tenantId }, () =>
      this.repo.attempted(delivery.tenantId, delivery.id, { ...outcome, ms, next }),
    );
  }

  private async act(trigger: TriggerRow, delivery: DueDelivery) {
    const action = trigger.action;
    if (action.kind === 'webhook') {
      return this.webhook(trigger, delivery);
    }
    const ctx = await this.definer(trigger);
    if (!ctx) {
      throw new Error('the user who defined this trigger is gone');
    }
    const payload = delivery.payload as { before?: object | null; after?: object | null };
    // The row as variables (its state after the change, or before a removal), and the event beside it.
    const variables = { ...(payload.after ?? payload.before ?? {}), trigger: delivery.payload };
    if (action.kind === 'process') {
      await this.database.run({ tenantId: trigger.tenantId }, () =>
        this.actions.startProcess(ctx, action.processKey, variables),
      );
    } else {
      await this.actions.runService(ctx, action.serviceId, variables);
    }
    return { ok: true, code: null, error: '' };
  }

  /** A signed POST through the egress guard: only a 2xx answer is a delivery. */
  private async webhook(trigger: TriggerRow, delivery: DueDelivery) {
    const action = trigger.action as { url: string; timeoutSeconds?: number };
    const sealed = await this.database.run({ tenantId: trigger.tenantId }, () =>
      this.repo.secretOf(trigger.tenantId, trigger.id),
    );
    const body = JSON.stringify(delivery.payload);
    const reply = await this.egress.request(action.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Yuan-Admin-Trigger',
        [SIGNATURE_HEADER]: signatureOf(this.box.open(sealed), body),
        [DELIVERY_HEADER]: delivery.revisionId,
        'x-yuan-event': String(delivery.payload.event ?? ''),
      },
      body,
      signal: AbortSignal.timeout((action.timeoutSeconds ?? DEFAULT_TIMEOUT_S) * 1000),
      maxBytes: 64 * 1024,
    });
    const ok = reply.status >= 200 && reply.status < 300;
    return { ok, code: reply.status, error: ok ? '' : `HTTP ${reply.status}` };
  }
}

function reason(error: unknown): string {
  if (error instanceof AppError) {
    return Object.keys(error.params).length > 0 ? `${error.key} ${JSON.stringify(error.params)}` : error.key;
  }
  return error instanceof Error ? error.message : String(error);
}
