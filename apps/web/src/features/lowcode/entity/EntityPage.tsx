import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, InputNumber, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasPermission } from '../../../shared/crud/permissions.ts';
import { useSession } from '../../../stores/session.ts';
import { type EntityRow, entityApi } from '../api.ts';
import { EntityEditor } from './EntityEditor.tsx';
import { HistoryDrawer } from './HistoryDrawer.tsx';
import { type SyncTarget, SyncDialog } from './SyncDialog.tsx';

/** /entity: the tenant's entities, their state against the database, and their definitions, tables and history. */
export function EntityPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const permission = useSession((state) => state.permission);
  const can = (code: string) => hasPermission(permission, `entity_${code}`);
  const [page, setPage] = useState({ current: 1, size: 10, keyword: '' });
  const [editing, setEditing] = useState<{ open: boolean; entity: EntityRow | null }>({
    open: false,
    entity: null,
  });
  const [syncing, setSyncing] = useState<SyncTarget | null>(null);
  const [history, setHistory] = useState<SyncTarget | null>(null);
  const list = useQuery({
    queryKey: ['entities', page],
    queryFn: () =>
      entityApi.list({
        current: page.current,
        size: page.size,
        ...(page.keyword ? { entName: page.keyword } : {}),
      }),
  });
  const reload = () => client.invalidateQueries({ queryKey: ['entities'] });

  const remove = (row: EntityRow) =>
    modal.confirm({
      title: t('lowcode.entity.removeConfirm', { name: row.entName }),
      onOk: async () => {
        try {
          await entityApi.remove({ ids: [row.id] });
        } catch (first) {
          // A table with rows: the server names the count; the user types it to confirm.
          let rows: number | null = null;
          await new Promise<void>((resolve, reject) =>
            modal.confirm({
              title: first instanceof Error ? first.message : String(first),
              content: (
                <InputNumber
                  aria-label={t('lowcode.entity.removeRows')}
                  placeholder={t('lowcode.entity.removeRows')}
                  onChange={(v) => {
                    rows = typeof v === 'number' ? v : null;
                  }}
                />
              ),
              onOk: () =>
                entityApi
                  .remove({ ids: [row.id], dropTable: true, confirmRows: rows ?? 0 })
                  .then(() => resolve(), reject),
              onCancel: () => resolve(),
            }),
          );
        }
        message.success(t('crud.deleted'));
        await reload();
      },
    });

  return (
    <div className="entity-page">
      <Space style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('lowcode.entity.search')}
          onSearch={(keyword) => setPage({ ...page, current: 1, keyword })}
          style={{ width: 280 }}
        />
        {can('add') ? (
          <Button
            type="primary"
            data-testid="entity-add"
            onClick={() => setEditing({ open: true, entity: null })}
          >
            {t('lowcode.entity.add')}
          </Button>
        ) : null}
      </Space>
      <Table<EntityRow>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: list.data?.total ?? 0,
          onChange: (current, size) => setPage({ ...page, current, size }),
        }}
        columns={[
          { title: t('lowcode.entity.entNo'), dataIndex: 'entNo' },
          { title: t('lowcode.entity.entName'), dataIndex: 'entName' },
          { title: t('lowcode.entity.fields'), render: (_, row) => row.elements.length, width: 90 },
          {
            title: t('lowcode.entity.state'),
            render: (_, row) => (
              <Space>
                <Tag color={row.pendingSync ? 'orange' : 'green'}>
                  {t(row.pendingSync ? 'lowcode.entity.pending' : 'lowcode.entity.synced')}
                </Tag>
                {row.drift.length > 0 ? (
                  <Tooltip title={row.drift.join(', ')}>
                    <Tag color="red">{t('lowcode.entity.drift')}</Tag>
                  </Tooltip>
                ) : null}
              </Space>
            ),
          },
          {
            title: '',
            width: 330,
            render: (_, row) => (
              <Space size={4}>
                {can('edit') ? (
                  <Button size="small" type="link" onClick={() => setEditing({ open: true, entity: row })}>
                    {t('crud.edit')}
                  </Button>
                ) : null}
                {can('sync') ? (
                  <Button
                    size="small"
                    type="link"
                    onClick={() => setSyncing({ id: row.id, entName: row.entName })}
                  >
                    {t('lowcode.entity.sync')}
                  </Button>
                ) : null}
                <Button size="small" type="link" onClick={() => navigate(`/entity/detail/${row.id}`)}>
                  {t('lowcode.entity.data')}
                </Button>
                <Button
                  size="small"
                  type="link"
                  onClick={() => setHistory({ id: row.id, entName: row.entName })}
                >
                  {t('lowcode.entity.history')}
                </Button>
                {can('delete') ? (
                  <Button size="small" type="link" danger onClick={() => remove(row)}>
                    {t('lowcode.entity.remove')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <EntityEditor
        open={editing.open}
        entity={editing.entity}
        onClose={() => setEditing({ open: false, entity: null })}
        onSaved={async (saved) => {
          setEditing({ open: false, entity: null });
          await reload();
          if (can('sync')) {
            modal.confirm({ title: t('lowcode.entity.saved'), onOk: () => setSyncing(saved) });
          }
        }}
      />
      <SyncDialog target={syncing} onClose={() => setSyncing(null)} />
      <HistoryDrawer target={history} onClose={() => setHistory(null)} />
    </div>
  );
}
