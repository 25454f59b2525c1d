import { z } from 'zod';
import { idList, idString, pageQuery } from '../envelope.ts';
import { encodeMessage, registerMessage } from '../form-messages.ts';
import { noticeResource } from '../desk/notice.ts';
import type { Resource } from '../resource.ts';
import { secret } from '../secret.ts';
import { userResource } from '../user/user.ts';

/**
 * What a trigger watches besides an entity's rows (`ent_<id>`, as revisions name them): users and notices, by the
 * code revisions name them with, with their declarations (the fields an update may be narrowed to).
 */
export const TRIGGER_SYSTEM_RESOURCES: Readonly<Record<string, Resource>> = {
  user: userResource,
  notice: noticeResource,
};
const WATCHED = new RegExp(`^(ent_[0-9]{1,19}|${Object.keys(TRIGGER_SYSTEM_RESOURCES).join('|')})$`);
export const TRIGGER_EVENTS = ['create', 'update', 'delete'] as const;
export type TriggerEvent = (typeof TRIGGER_EVENTS)[number];

export const TRIGGER_API = {
  save: '/api/yuan-api/trigger/saveOrUpdate',
  list: '/api/yuan-api/trigger/list',
  remove: '/api/yuan-api/trigger/remove',
  deliveries: '/api/yuan-api/trigger/deliveries',
  redeliver: '/api/yuan-api/trigger/redeliver',
} as const;

const LABELS = {
  name: registerMessage('trigger.name', ['触发器名称', 'Trigger name']),
  events: registerMessage('trigger.events', ['触发事件', 'Events']),
  url: registerMessage('trigger.url', ['接收地址', 'Receiver URL']),
  secret: registerMessage('trigger.secret', ['签名密钥', 'Signing secret']),
  processKey: registerMessage('trigger.processKey', ['流程标识', 'Process key']),
  target: registerMessage('trigger.target', ['触发对象', 'Watched data']),
  service: registerMessage('trigger.service', ['流程服务', 'Flow service']),
};
const required = (label: string) => encodeMessage('form.required', { label });

/** A webhook's address: http or https, no user info (the signature proves the sender, not a password). */
const webhookUrl = z
  .string({ error: () => required(LABELS.url) })
  .max(2000)
  .refine(
    (v) => {
      try {
        const url = new URL(v);
        return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    encodeMessage('form.pattern', { label: LABELS.url }),
  );

export const triggerAction = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('process'),
    processKey: z
      .string({ error: () => required(LABELS.processKey) })
      .min(1, required(LABELS.processKey))
      .max(64),
  }),
  z.strictObject({ kind: z.literal('service'), serviceId: idString }),
  z.strictObject({
    kind: z.literal('webhook'),
    url: secret(webhookUrl, 'url'),
    // Blank on an edit keeps the stored secret (the form never shows it).
    secret: secret(
      z.union([
        z
          .string()
          .min(16, encodeMessage('form.length', { label: LABELS.secret, min: 16, max: 256 }))
          .max(256),
        z.literal(''),
      ]),
    ).optional(),
    /** Seconds one attempt may take (default 10). */
    timeoutSeconds: z.number().int().min(1).max(60).optional(),
  }),
]);
export type TriggerAction = z.output<typeof triggerAction>;

/** Keys a read returns that a client may post back; never written from a body. */
const READ_KEYS = ['tenantId', 'createTime', 'updateTime', 'createUser', 'updateUser', 'resourceName'];

export const triggerSave = z
  .strictObject({
    id: z.union([idString, z.literal('')]).optional(),
    name: z
      .string({ error: () => required(LABELS.name) })
      .trim()
      .min(1, required(LABELS.name))
      .max(64),
    entId: idString.optional(),
    resource: z
      .string()
      .regex(WATCHED, encodeMessage('form.choose', { label: LABELS.target }))
      .optional(),
    events: z
      .array(z.enum(TRIGGER_EVENTS), { error: () => encodeMessage('form.choose', { label: LABELS.events }) })
      .min(1, encodeMessage('form.choose', { label: LABELS.events }))
      .max(3),
    /** Update only when one of these fields changed (none: any change). */
    fields: z
      .array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/))
      .max(64)
      .optional(),
    /** A sandboxed expression over `before` and `after` (e.g. `after.amount > 100`); empty: always. */
    condition: z.string().max(2000).optional(),
    action: triggerAction,
    enabled: z.boolean().optional(),
    ...Object.fromEntries(READ_KEYS.map((k) => [k, z.unknown().optional()])),
  })
  .refine((v) => v.entId !== undefined || v.resource !== undefined, {
    path: ['resource'],
    message: encodeMessage('form.choose', { label: LABELS.target }),
  });
export type TriggerSave = z.output<typeof triggerSave>;

export const triggerRemove = z.strictObject({ ids: idList });
export const deliveriesQuery = pageQuery
  .pick({ current: true, size: true })
  .extend({ triggerId: idString })
  .strict();
export const redeliverBody = z.strictObject({ deliveryId: idString });

/** A trigger as the list answers it (a webhook's secret never; whether it has one). */
export interface TriggerRecord {
  id: string;
  name: string;
  resource: string;
  entId: string | null;
  events: TriggerEvent[];
  fields: string[];
  condition: string;
  action: TriggerAction & { hasSecret?: boolean };
  enabled: boolean;
  createTime: string;
  updateTime: string;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event's delivery to one trigger's action: its attempts so far. */
export interface DeliveryRecord {
  id: string;
  triggerId: string;
  revisionId: string;
  status: DeliveryStatus;
  attempts: number;
  responseCode: number | null;
  durationMs: number | null;
  lastError: string;
  nextAttempt: string | null;
  createTime: string;
  updateTime: string;
}
