import {
  encodeMessage,
  type Page,
  type Resource,
  TRIGGER_SYSTEM_RESOURCES,
  type TriggerRecord,
  type TriggerSave,
} from '@yuan/contract';
import type { Egress } from '../../lib/egress/egress.ts';
import { badRequest, FieldError, notFound } from '../../lib/errors.ts';
import { nextId } from '../../lib/id.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { AuthContext } from '../../types.ts';
import type { TriggerRepo, TriggerRow, TriggerValues } from './trigger.repo.ts';

/** What a save checks against the other modules: the watched resource's fields, and a service's existence. */
export interface TriggerTargets {
  /** The synced entity's resource; throws when the tenant has no such synced entity. */
  entityResource(ctx: AuthContext, entId: string): Promise<Resource>;
  /** Throws when the tenant has no such flow service. */
  findService(ctx: AuthContext, serviceId: string): Promise<unknown>;
}

/** A tenant's triggers: defined by its designers, run by the dispatcher. */
export class TriggerService {
  constructor(
    private readonly repo: TriggerRepo,
    private readonly targets: TriggerTargets,
    private readonly box: SecretBox,
    private readonly egress: Egress,
  ) {}

  async list(ctx: AuthContext): Promise<TriggerRecord[]> {
    return (await this.repo.list(ctx.tenantId)).map(record);
  }

  /** Adds (no id) or changes one of the tenant's triggers; answers it as the list does. */
  async save(ctx: AuthContext, body: TriggerSave): Promise<TriggerRecord> {
    const id = body.id ? body.id : undefined;
    const existing = id ? await this.repo.find(ctx.tenantId, id) : undefined;
    if (id && !existing) {
      throw notFound();
    }
    const resource = body.entId ? `ent_${body.entId}` : (body.resource as string);
    const res = await this.resourceOf(ctx, resource);
    for (const field of body.fields ?? []) {
      if (!res.fields[field]) {
        throw new FieldError('fields', encodeMessage('form.unknown', { field }));
      }
    }
    const { action } = body;
    const values: TriggerValues = {
      name: body.name,
      resource,
      events: [...new Set(body.events)],
      fields: body.fields ?? [],
      condition: body.condition?.trim() ?? '',
      action: action.kind === 'webhook' ? { kind: 'webhook', url: action.url } : action,
      enabled: body.enabled ?? true,
    };
    if (action.kind === 'webhook') {
      if (action.timeoutSeconds) {
        values.action = { ...values.action, timeoutSeconds: action.timeoutSeconds } as typeof values.action;
      }
      // A receiver on an internal address is refused when it is saved, as it would be at every delivery.
      await this.egress.checkUrl(action.url);
      const hadSecret =
        existing?.action.kind === 'webhook' && (await this.repo.secretOf(ctx.tenantId, id ?? ''));
      if (action.secret) {
        values.secret = this.box.seal(action.secret);
      } else if (!hadSecret) {
        throw new FieldError('secret', encodeMessage('form.required', { label: 'trigger.secret' }));
      }
    } else {
      values.secret = '';
      if (action.kind === 'service') {
        await this.targets.findService(ctx, action.serviceId).catch(() => {
          throw new FieldError('serviceId', encodeMessage('form.choose', { label: 'trigger.service' }));
        });
      }
    }
    const saved = id ?? nextId();
    if (id) {
      await this.repo.update(ctx.tenantId, id, ctx.userId, values);
    } else {
      await this.repo.insert({ id: saved, tenantId: ctx.tenantId, userId: ctx.userId, values });
    }
    const row = await this.repo.find(ctx.tenantId, saved);
    if (!row) {
      throw notFound();
    }
    return record(row);
  }

  /** Removes all of the ids or none. */
  async remove(ctx: AuthContext, ids: string[]): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length === 0 || unique.length > 1000) {
      throw badRequest();
    }
    if ((await this.repo.countLive(ctx.tenantId, unique)) !== unique.length) {
      throw notFound();
    }
    await this.repo.remove(ctx.tenantId, unique, ctx.userId);
  }

  async deliveries(
    ctx: AuthContext,
    q: { triggerId: string; current: number; size: number },
  ): Promise<Page<unknown>> {
    if (!(await this.repo.find(ctx.tenantId, q.triggerId))) {
      throw notFound();
    }
    const { records, total } = await this.repo.deliveries(
      ctx.tenantId,
      q.triggerId,
      (q.current - 1) * q.size,
      q.size,
    );
    return { records, total, size: q.size, current: q.current, pages: Math.ceil(total / q.size) };
  }

  async redeliver(ctx: AuthContext, deliveryId: string): Promise<void> {
    if (!(await this.repo.redeliver(ctx.tenantId, deliveryId))) {
      throw notFound();
    }
  }

  private async resourceOf(ctx: AuthContext, code: string): Promise<Resource> {
    const entity = /^ent_([0-9]{1,19})$/.exec(code)?.[1];
    if (entity) {
      return this.targets.entityResource(ctx, entity).catch(() => {
        throw new FieldError('entId', encodeMessage('form.choose', { label: 'trigger.target' }));
      });
    }
    const res = TRIGGER_SYSTEM_RESOURCES[code];
    if (!res) {
      throw new FieldError('resource', encodeMessage('form.choose', { label: 'trigger.target' }));
    }
    return res;
  }
}

function record(row: TriggerRow): TriggerRecord {
  const entId = /^ent_([0-9]{1,19})$/.exec(row.resource)?.[1] ?? null;
  return {
    id: row.id,
    name: row.name,
    resource: row.resource,
    entId,
    events: row.events,
    fields: row.fields,
    condition: row.condition,
    action: row.action.kind === 'webhook' ? { ...row.action, hasSecret: true } : row.action,
    enabled: row.enabled,
    createTime: row.createTime.toISOString(),
    updateTime: row.updateTime.toISOString(),
  };
}
