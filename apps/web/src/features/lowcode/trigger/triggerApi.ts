import type { Page } from '@yuan/contract';
import { PAGE_SIZE_MAX } from '@yuan/contract/constants';
import {
  type DeliveryRecord,
  TRIGGER_API,
  type TriggerRecord,
  type TriggerSave,
} from '@yuan/contract/lowcode/trigger';
import { call } from '../../../shared/api/http.ts';
import { FLOW_BASE, type ModelRow } from '../../flow/flowApi.ts';

/** Deliveries per page of the drawer. */
export const DELIVERY_PAGE_SIZE = 10;

/** What a save posts: the contract's body, without the keys a read answers. */
export type TriggerBody = Pick<
  TriggerSave,
  'id' | 'name' | 'entId' | 'resource' | 'events' | 'fields' | 'condition' | 'action' | 'enabled'
>;

/** The 触发器 screen's calls (TRIGGER_API). Reads never trip the duplicate guard. */
export const triggerApi = {
  list: () => call<TriggerRecord[]>(TRIGGER_API.list, { guard: false }),
  /** A refusal names the field (`call` toasts it); the dialog stays open with what was typed. */
  save: (body: TriggerBody) => call<TriggerRecord>(TRIGGER_API.save, { method: 'POST', body }),
  remove: (ids: string[]) => call<boolean>(TRIGGER_API.remove, { method: 'POST', body: { ids } }),
  deliveries: (triggerId: string, current: number) =>
    call<Page<DeliveryRecord>>(TRIGGER_API.deliveries, {
      params: { triggerId, current, size: DELIVERY_PAGE_SIZE },
      guard: false,
    }),
  redeliver: (deliveryId: string) =>
    call<boolean>(TRIGGER_API.redeliver, { method: 'POST', body: { deliveryId } }),
  /**
   * The tenant's process models, whose keys a trigger may start. Quiet: without the model menu the key is typed
   * instead of chosen.
   */
  models: () =>
    call<Page<ModelRow>>(`${FLOW_BASE}/model/list`, {
      params: { current: 1, size: PAGE_SIZE_MAX },
      guard: false,
      silent: true,
    }),
};
