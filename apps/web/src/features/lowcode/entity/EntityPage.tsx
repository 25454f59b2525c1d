import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Result, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasPermission } from '../../../shared/crud/permissions.ts';
import { toastError, toastSuccess } from '../../../shared/ui/feedback.ts';
import { useSession } from '../../../stores/session.ts';
import { type EntityRow, entityApi } from '../api.ts';
import { dropRowsOf } from '../serverMessages.ts';
import { DropTableDialog, type DropTarget } from './DropTableDialog.tsx';
import { EntityEditor } from './EntityEditor.tsx';
import { HistoryDrawer } from './HistoryDrawer.tsx';
import { SyncDialog, type SyncTarget } from './SyncDialog.tsx';

interface Search {
  entNo?: string;
  entName?: string;
}

/** The filled filters, trimmed: a space typed by mistake should not hide every entity. */
function filters(search: Search): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(search)) {
    if (typeof value === 'string' && value.trim() !== '') {
      out[key] = value.trim();
    }
  }
  return out;
}

/** /entity: the tenant's entities, their state against the database, and their definitions, tables and history. */
export function EntityPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [searchForm] = Form.useForm<Search>();
  const permission = useSession((state) => state.permission);
  const can = (code: string) => hasPermission(permission, `entity_${code}`);
  const [page, setPage] = useState({ current: 1, size: 10, search: {} as Search });
  const [editing, setEditing] = useState<{ open: boolean; entity: EntityRow | null }>({
    open: false,
    entity: null,
  });
  const [syncing, setSyncing] = useState<SyncTarget | null>(null);
  const [history, setHistory] = useState<SyncTarget | null>(null);
  const [dropping, setDropping] = useState<DropTarget | null>(null);
  const list = useQuery({
    queryKey: ['entities', page],
    queryFn: () => entityApi.list({ current: page.current, size: page.size, ...filters(page.search) }),
  });
  const reload = () => client.invalidateQueries({ queryKey: ['entities'] });

  const remove = (entity: EntityRow) =>
    modal.confirm({
      title: t('lowcode.entity.removeConfirm', { name: entity.entName }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await entityApi.remove({ ids: [entity.id] });
        } catch (e) {
          const reason = e instanceof Error ? e.message : String(e);
          // A table is dropped only with its row count typed by the user; any other refusal is shown as it is.
          if (dropRowsOf(reason) === null) {
            toastError(reason);
          } else {
            setDropping({ entity, reason });
          }
          return;
        }
        toastSuccess(t('crud.deleted'));
        await reload();
      },
    });

  if (list.isError && !list.data) {
    return (
      <Result
        status="error"
        title={t('common.loadFailed')}
        extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  return (
    <Card variant="borderless" className="entity-page" data-testid="entity-page">
      <Form
        form={searchForm}
        layout="inline"
        name="entity-search"
        style={{ rowGap: 8, marginBottom: 12 }}
        onFinish={(search) => setPage((p) => ({ ...p, current: 1, search }))}
      >
        <Form.Item name="entNo" label={t('lowcode.entity.entNo')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="entName" label={t('lowcode.entity.entName')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('crud.search')}
            </Button>
            <Button
              onClick={() => {
                searchForm.resetFields();
                setPage((p) => ({ ...p, current: 1, search: {} }));
              }}
            >
              {t('crud.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {can('add') ? (
        <Button
          type="primary"
          data-testid="entity-add"
          style={{ marginBottom: 12 }}
          onClick={() => setEditing({ open: true, entity: null })}
        >
          {t('lowcode.entity.add')}
        </Button>
      ) : null}
      <Table<EntityRow>
        rowKey="id"
        bordered
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: list.data?.total ?? 0,
          onChange: (current, size) => setPage((p) => ({ ...p, current, size })),
        }}
        columns={[
          { title: t('lowcode.entity.entNo'), dataIndex: 'entNo' },
          { title: t('lowcode.entity.entName'), dataIndex: 'entName' },
          { title: t('lowcode.entity.fields'), render: (_, row) => row.elements.length, width: 90 },
          {
            title: t('lowcode.entity.state'),
            render: (_, row) => (
              <Space size={4}>
                <Tag color={row.pendingSync ? 'orange' : 'green'}>
                  {t(row.pendingSync ? 'lowcode.entity.pending' : 'lowcode.entity.synced')}
                </Tag>
                {row.drift.length > 0 ? (
                  <Tooltip title={row.drift.map((item) => <div key={item}>{item}</div>)}>
                    <Tag color="red">{t('lowcode.entity.drift')}</Tag>
                  </Tooltip>
                ) : null}
              </Space>
            ),
          },
          {
            title: t('crud.actions'),
            fixed: 'right',
            render: (_, row) => (
              <Space size={0} wrap>
                {can('edit') ? (
                  <Button size="small" type="link" onClick={() => setEditing({ open: true, entity: row })}>
                    {t('crud.edit')}
                  </Button>
                ) : null}
                {can('sync') ? (
                  <Button size="small" type="link" onClick={() => setSyncing(row)}>
                    {t('lowcode.entity.sync')}
                  </Button>
                ) : null}
                <Button size="small" type="link" onClick={() => navigate(`/entity/detail/${row.id}`)}>
                  {t('lowcode.entity.data')}
                </Button>
                {row.treeField ? (
                  <Button size="small" type="link" onClick={() => navigate(`/entity/tree/${row.id}`)}>
                    {t('lowcode.entity.tree')}
                  </Button>
                ) : null}
                <Button
                  size="small"
                  type="link"
                  onClick={() => navigate(`/page/${row.id}`)}
                  data-testid="entity-forms"
                >
                  {t('lowcode.entity.forms')}
                </Button>
                <Button
                  size="small"
                  type="link"
                  onClick={() => navigate(`/grid/${row.id}`)}
                  data-testid="entity-grids"
                >
                  {t('lowcode.entity.grids')}
                </Button>
                <Button size="small" type="link" onClick={() => setHistory(row)}>
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
        onSaved={(saved) => {
          setEditing({ open: false, entity: null });
          void reload();
          // A saved definition changes nothing in the database until it is synced: offer the preview right away.
          if (can('sync')) {
            modal.confirm({
              title: t('lowcode.entity.saved'),
              okText: t('lowcode.entity.syncNow'),
              cancelText: t('lowcode.entity.later'),
              onOk: () => setSyncing(saved),
            });
          } else {
            toastSuccess(t('common.success'));
          }
        }}
      />
      <SyncDialog target={syncing} onClose={() => setSyncing(null)} />
      <HistoryDrawer target={history} canRestore={can('edit')} onClose={() => setHistory(null)} />
      <DropTableDialog
        target={dropping}
        onClose={() => setDropping(null)}
        onRemoved={() => {
          setDropping(null);
          void reload();
        }}
      />
    </Card>
  );
}
