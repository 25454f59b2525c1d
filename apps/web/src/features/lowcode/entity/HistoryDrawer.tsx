import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Table } from 'antd';
import { useTranslation } from 'react-i18next';
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
  onClose,
}: {
  target: { id: string; entName: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const versions = useQuery({
    queryKey: ['entity-versions', target?.id],
    queryFn: () => entityApi.versions(target?.id ?? ''),
    enabled: target !== null,
  });
  const restore = async (row: VersionRow) => {
    await entityApi.restore(row.id);
    message.success(t('lowcode.history.restored'));
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
          { title: '', dataIndex: 'createUserName', width: 100 },
          { title: '', dataIndex: 'createTime', width: 170 },
          {
            title: '',
            width: 120,
            render: (_, row) => (
              <Button size="small" onClick={() => restore(row)}>
                {t('lowcode.history.restore')}
              </Button>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
