import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/time/timeZone.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { entityApi, type VersionRow } from '../api.ts';

/** A change of a version, as one line: + added, - removed, a → b renamed, ~ changed (which keys). */
function describe(change: VersionRow['diff'][number]): string {
  if (change.op === 'rename') {
    return `${String(change.from)} → ${String(change.to)}`;
  }
  if (change.op === 'change') {
    return `~${String(change.eleNo)} (${(change.keys as string[]).join(', ')})`;
  }
  return `${change.op === 'add' ? '+' : '-'}${String(change.eleNo)}`;
}

/** Every saved definition of an entity; restoring one saves it again as a new version. */
export function HistoryDrawer({
  target,
  canRestore,
  onClose,
}: {
  target: { id: string; entName: string } | null;
  /** Restoring saves a new version: the user needs the edit button. */
  canRestore: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const versions = useQuery({
    queryKey: ['entity-versions', target?.id],
    queryFn: () => entityApi.versions(target?.id ?? ''),
    enabled: target !== null,
  });
  const restore = async (row: VersionRow) => {
    try {
      await entityApi.restore(row.id);
    } catch {
      // The request client has already shown the server's message.
      return;
    }
    toastSuccess(t('lowcode.history.restored'));
    await client.invalidateQueries({ queryKey: ['entities'] });
    await client.invalidateQueries({ queryKey: ['entity-versions', target?.id] });
  };
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      title={t('lowcode.history.title', { name: target?.entName ?? '' })}
      size="large"
    >
      <Table<VersionRow>
        rowKey="id"
        size="small"
        loading={versions.isLoading}
        dataSource={versions.data?.records ?? []}
        pagination={false}
        columns={[
          { title: t('lowcode.history.version'), dataIndex: 'version', width: 70 },
          { title: t('lowcode.history.changes'), render: (_, row) => row.diff.map(describe).join('; ') },
          { title: t('lowcode.history.user'), dataIndex: 'createUserName', width: 100 },
          {
            title: t('lowcode.history.time'),
            dataIndex: 'createTime',
            width: 170,
            render: (value: string) => formatDateTime(value),
          },
          {
            title: '',
            width: 120,
            render: (_, row) =>
              canRestore ? (
                <Button size="small" onClick={() => void restore(row)}>
                  {t('lowcode.history.restore')}
                </Button>
              ) : null,
          },
        ]}
      />
    </Drawer>
  );
}
