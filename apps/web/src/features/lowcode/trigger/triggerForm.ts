import {
  TRIGGER_SYSTEM_RESOURCES,
  type TriggerEvent,
  type TriggerRecord,
} from '@yuan/contract/lowcode/trigger';
import type { TriggerBody } from './triggerApi.ts';

export type ActionKind = TriggerRecord['action']['kind'];

/** The system data a trigger may watch besides the tenant's entities. */
export const SYSTEM_TARGETS = Object.keys(TRIGGER_SYSTEM_RESOURCES);

/** The prefix of an entity's value in the target select, which also holds the system resources' names. */
const ENTITY = 'ent:';

/** The dialog's values: one form for every action kind, of which only the chosen kind's fields are posted. */
export interface TriggerFormValues {
  name: string;
  /** `ent:<entity id>`, `user` or `notice`. */
  target?: string;
  events: TriggerEvent[];
  /** Absent while 修改 is not checked (the select is not shown). */
  fields?: string[];
  condition?: string;
  kind: ActionKind;
  processKey?: string;
  serviceId?: string;
  url?: string;
  secret?: string;
  timeoutSeconds?: number | null;
  enabled: boolean;
}

export const NEW_TRIGGER: TriggerFormValues = {
  name: '',
  events: ['create'],
  fields: [],
  condition: '',
  kind: 'webhook',
  enabled: true,
};

export function entityTarget(entId: string): string {
  return `${ENTITY}${entId}`;
}

/** The entity id of a target value, or undefined for a system resource (or none). */
export function entityOf(target: string | undefined): string | undefined {
  return target?.startsWith(ENTITY) ? target.slice(ENTITY.length) : undefined;
}

/** The target value of a saved trigger. */
export function targetOf(record: Pick<TriggerRecord, 'entId' | 'resource'>): string {
  return record.entId ? entityTarget(record.entId) : record.resource;
}

/** A saved trigger as the dialog edits it; a webhook's secret is never answered, so its field starts blank. */
export function formValues(record: TriggerRecord): TriggerFormValues {
  const { action } = record;
  return {
    name: record.name,
    target: targetOf(record),
    events: record.events,
    fields: record.fields,
    condition: record.condition,
    kind: action.kind,
    processKey: action.kind === 'process' ? action.processKey : undefined,
    serviceId: action.kind === 'service' ? action.serviceId : undefined,
    url: action.kind === 'webhook' ? action.url : undefined,
    secret: '',
    timeoutSeconds: action.kind === 'webhook' ? (action.timeoutSeconds ?? null) : null,
    enabled: record.enabled,
  };
}

function actionOf(values: TriggerFormValues): TriggerBody['action'] {
  if (values.kind === 'process') {
    return { kind: 'process', processKey: (values.processKey ?? '').trim() };
  }
  if (values.kind === 'service') {
    return { kind: 'service', serviceId: values.serviceId ?? '' };
  }
  const secret = values.secret ?? '';
  return {
    kind: 'webhook',
    url: (values.url ?? '').trim(),
    // Blank keeps the stored secret (the server refuses a new webhook without one).
    ...(secret ? { secret } : {}),
    ...(values.timeoutSeconds ? { timeoutSeconds: values.timeoutSeconds } : {}),
  };
}

/** The body of saveOrUpdate: an entity by its id, system data by its name; fields only narrow an update. */
export function triggerBody(values: TriggerFormValues, id?: string): TriggerBody {
  const entId = entityOf(values.target);
  return {
    ...(id ? { id } : {}),
    name: values.name.trim(),
    ...(entId ? { entId } : { resource: values.target }),
    events: values.events,
    fields: values.events.includes('update') ? (values.fields ?? []) : [],
    condition: (values.condition ?? '').trim(),
    action: actionOf(values),
    enabled: values.enabled,
  };
}

/** As the contract checks a receiver: an http(s) address without user info. */
export function isWebhookUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The host a webhook posts to, as the list shows it (the whole text when it is no URL). */
export function webhookHost(text: string): string {
  try {
    return new URL(text).host;
  } catch {
    return text;
  }
}

export const SECRET_MIN = 16;
export const SECRET_MAX = 256;
export const NAME_MAX = 64;
export const CONDITION_MAX = 2000;
