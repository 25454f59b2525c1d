import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RevisionRecord } from '@yuan/contract/revision';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../ui/feedback.ts';
import { listRevisions, restoreRevision } from './revisionApi.ts';

/**
 * One row's revisions, a page at a time, and the way back to one of them: asked for confirmation, then restored; the
 * list starts again on its first page, where the restore's own revision now is, and `onRestored` reloads the table.
 */
export function useRevisions(resource: string, rowId: string, onRestored: () => void) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const client = useQueryClient();
  const [current, setCurrent] = useState(1);
  const key = ['revisions', resource, rowId];
  const query = useQuery({
    queryKey: [...key, current],
    queryFn: () => listRevisions(resource, rowId, current),
    // A change made since the drawer last showed must not be hidden behind a cached page.
    gcTime: 0,
    placeholderData: keepPreviousData,
  });

  const restore = (revision: RevisionRecord) => {
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('revision.confirmRestore'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        let changed: boolean;
        try {
          ({ changed } = await restoreRevision(revision.id));
        } catch {
          // `call` has shown the server's refusal (it names the field); asking again would be refused alike.
          return;
        }
        toastSuccess(t(changed ? 'revision.restored' : 'revision.unchanged'));
        setCurrent(1);
        await client.invalidateQueries({ queryKey: key });
        onRestored();
      },
    });
  };

  return { query, current, setCurrent, restore };
}
