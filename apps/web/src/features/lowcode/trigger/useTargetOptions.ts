import type { TriggerRecord } from '@yuan/contract/lowcode/trigger';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { entityTarget, SYSTEM_TARGETS, targetOf } from './triggerForm.ts';
import { type Choice, useEntityChoices } from './useTriggerChoices.ts';

interface TargetGroup {
  label: string;
  options: Choice[];
}

/**
 * What a trigger may watch, as the target select offers it (the tenant's synced entities, then users and notices),
 * and how the list names a trigger's target. A saved trigger's entity that is gone or no longer synced keeps an
 * option of its own, so opening the trigger does not blank its target.
 */
export function useTargetOptions(record: Pick<TriggerRecord, 'entId' | 'resource'> | null = null) {
  const { t } = useTranslation();
  const entities = useEntityChoices();
  return useMemo(() => {
    const list = entities.data ?? [];
    const byId = new Map(list.map((entity) => [entity.id, entity]));
    const entityOptions: Choice[] = list.map((entity) => ({
      value: entityTarget(entity.id),
      label: entity.name,
    }));
    if (record?.entId && !byId.has(record.entId) && entities.data) {
      entityOptions.push({
        value: targetOf(record),
        label: t('trigger.target.missing', { id: record.entId }),
      });
    }
    const options: TargetGroup[] = [
      { label: t('trigger.target.entities'), options: entityOptions },
      {
        label: t('trigger.target.system'),
        options: SYSTEM_TARGETS.map((name) => ({ value: name, label: t(`trigger.target.${name}`) })),
      },
    ];
    /** A trigger's target as the list shows it: the entity's name, or 用户 / 公告. */
    const labelOf = (row: Pick<TriggerRecord, 'entId' | 'resource'>): string => {
      if (row.entId) {
        // Until the entities are known (or when their list is not granted), the stored code stands for the name.
        const missing = entities.data ? t('trigger.target.missing', { id: row.entId }) : row.resource;
        return byId.get(row.entId)?.name ?? missing;
      }
      return (SYSTEM_TARGETS as readonly string[]).includes(row.resource)
        ? t(`trigger.target.${row.resource as (typeof SYSTEM_TARGETS)[number]}`)
        : row.resource;
    };
    return {
      options,
      loading: entities.isFetching,
      fieldsOf: (entId: string) => byId.get(entId)?.fields,
      labelOf,
    };
  }, [entities.data, entities.isFetching, record, t]);
}
