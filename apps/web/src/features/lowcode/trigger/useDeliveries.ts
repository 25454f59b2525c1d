import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryRecord } from '@yuan/contract/lowcode/trigger';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { triggerApi } from './triggerApi.ts';

/**
 * One trigger's deliveries, a page at a time, newest first, and sending one again: the dispatcher attempts it at
 * its next round, so the list is read again to show it pending.
 */
export function useDeliveries(triggerId: string) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [current, setCurrent] = useState(1);
  const key = ['trigger-deliveries', triggerId];
  const query = useQuery({
    queryKey: [...key, current],
    queryFn: () => triggerApi.deliveries(triggerId, current),
    // Deliveries change behind the screen (the dispatcher's rounds): never show a cached page as current.
    gcTime: 0,
    placeholderData: keepPreviousData,
  });

  const redeliver = async (delivery: DeliveryRecord) => {
    try {
      await triggerApi.redeliver(delivery.id);
    } catch {
      // `call` has shown the server's refusal.
      return;
    }
    toastSuccess(t('trigger.redelivered'));
    await client.invalidateQueries({ queryKey: key });
  };

  return { query, current, setCurrent, redeliver, reload: () => void query.refetch() };
}
