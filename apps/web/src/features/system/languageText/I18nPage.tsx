import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Result, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmRemove } from '../../../shared/crud/useConfirmRemove.ts';
import { ListToolbar } from '../../../shared/crud/ListToolbar.tsx';
import { hasPermission } from '../../../shared/crud/permissions.ts';
import { SelectableTable } from '../../../shared/crud/SelectableTable.tsx';
import { tablePagination } from '../../../shared/ui/tablePagination.ts';
import { useSession } from '../../../stores/session.ts';
import { i18nApi, type TextRow } from './api.ts';
import { ExportDialog } from './ExportDialog.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { TextDialog } from './TextDialog.tsx';
import { TextSearchBar } from './TextSearchBar.tsx';
import { useTextList } from './useTextList.ts';

type Open = { kind: 'text'; row: TextRow | null } | { kind: 'import' } | { kind: 'export' } | null;

/**
 * /yuan/generic/i18n: the language texts that override the client's bundled ones (menu i18n; buttons i18n_add,
 * i18n_edit, i18n_delete), with export and import of one language as a `{key: text}` JSON file.
 */
export function I18nPage() {
  const { t } = useTranslation();
  const permission = useSession((state) => state.permission);
  const can = {
    add: hasPermission(permission, 'i18n_add'),
    edit: hasPermission(permission, 'i18n_edit'),
    remove: hasPermission(permission, 'i18n_delete'),
  };
  const list = useTextList();
  const [selected, setSelected] = useState<TextRow[]>([]);
  const [open, setOpen] = useState<Open>(null);

  const reload = () => {
    setSelected([]);
    list.reload();
  };

  const confirmRemove = useConfirmRemove();
  const removeRows = (rows: TextRow[]) =>
    confirmRemove(rows, () => i18nApi.removeIds(rows.map((row) => row.id)), reload);

  const columns: ColumnsType<TextRow> = [
    { title: t('i18nAdmin.key'), dataIndex: 'i18nKey', width: 260 },
    { title: t('i18nAdmin.language'), dataIndex: 'language', width: 90 },
    { title: t('i18nAdmin.text'), dataIndex: 'i18nText', ellipsis: true },
    { title: t('i18nAdmin.model'), dataIndex: 'i18nModel', width: 130 },
    {
      title: t('crud.actions'),
      key: 'actions',
      width: 220,
      render: (_, row) => (
        <Space size={0} wrap>
          {can.edit ? (
            <Button type="link" size="small" onClick={() => setOpen({ kind: 'text', row })}>
              {t('crud.edit')}
            </Button>
          ) : null}
          {can.remove ? (
            <Button type="link" size="small" danger onClick={() => removeRows([row])}>
              {t('crud.delete')}
            </Button>
          ) : null}
          {can.remove ? (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                confirmRemove(
                  [row],
                  () => i18nApi.removeKey(row.i18nKey),
                  reload,
                  t('i18nAdmin.deleteKeyConfirm', { key: row.i18nKey }),
                )
              }
            >
              {t('i18nAdmin.deleteKey')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  if (list.query.isError && !list.query.data) {
    return (
      <Result
        status="error"
        title={t('common.loadFailed')}
        extra={<Button onClick={list.reload}>{t('common.retry')}</Button>}
      />
    );
  }
  return (
    <Card variant="borderless" data-testid="i18n-page">
      <TextSearchBar
        onSearch={(search) => {
          setSelected([]);
          list.search(search);
        }}
      />
      <ListToolbar
        onAdd={can.add ? () => setOpen({ kind: 'text', row: null }) : undefined}
        addTestId="i18n-add"
        onBatchDelete={can.remove ? () => removeRows(selected) : undefined}
        onRefresh={reload}
      >
        <Button icon={<DownloadOutlined />} onClick={() => setOpen({ kind: 'export' })}>
          {t('i18nAdmin.export')}
        </Button>
        {can.add && can.edit ? (
          <Button
            icon={<UploadOutlined />}
            onClick={() => setOpen({ kind: 'import' })}
            data-testid="i18n-import"
          >
            {t('i18nAdmin.import')}
          </Button>
        ) : null}
      </ListToolbar>
      <SelectableTable<TextRow>
        loading={list.query.isFetching}
        columns={columns}
        dataSource={list.records}
        selected={selected}
        onSelect={setSelected}
        pagination={tablePagination(list.state, list.total, (next) => list.page(next.current, next.size), t)}
      />
      {open?.kind === 'text' ? (
        <TextDialog
          row={open.row}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            reload();
          }}
        />
      ) : null}
      {open?.kind === 'import' ? <ImportDialog onClose={() => setOpen(null)} onImported={reload} /> : null}
      {open?.kind === 'export' ? <ExportDialog onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}
