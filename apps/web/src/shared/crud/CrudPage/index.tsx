import { useQueries } from '@tanstack/react-query';
import { Button, Card, Result } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../stores/session.ts';
import { useLanguage } from '../../hooks/useLanguage.ts';
import { useTimeZone } from '../../time/timeZone.ts';
import { tablePagination } from '../../ui/tablePagination.ts';
import { crudApi } from '../api.ts';
import { CrudDialog, type DialogMode } from '../CrudDialog.tsx';
import { CrudSearch } from '../CrudSearch.tsx';
import { actionColumnWidth, buildColumns, type Lookups } from '../columns.tsx';
import { columnFields, crudFields, searchFields } from '../fields.ts';
import { HistoryDrawer } from '../history/HistoryDrawer.tsx';
import { hasHistory } from '../history/revisable.ts';
import { allowedButtons, everyButton, menuCodes } from '../permissions.ts';
import { ListToolbar } from '../ListToolbar.tsx';
import { RowActions } from '../RowActions.tsx';
import { idsOf, searchState } from '../query.ts';
import { SelectableTable } from '../SelectableTable.tsx';
import { loadSource, sourceKey, titleMap } from '../sources.ts';
import type { CrudConfig, CrudContext, Row } from '../types.ts';
import { useConfirmRemove } from '../useConfirmRemove.ts';
import { type TreeRow, useCrudList } from '../useCrudList.ts';

interface DialogState {
  mode: DialogMode;
  row: Row | null;
  open: boolean;
  /** Changes on every opening: the dialog remounts with fresh values. */
  nonce: number;
}

/**
 * The generic screen of a declared resource: search bar, toolbar, table, add/edit/view dialog (issue 4), and a row's
 * history, opened from its view or edit dialog.
 */
export function CrudPage({ config }: { config: CrudConfig }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const permission = useSession((state) => state.permission);
  const { resource } = config;
  const fields = useMemo(
    () => crudFields({ resource: config.resource, fields: config.fields }),
    [config.resource, config.fields],
  );
  const list = useCrudList(config, fields);
  const [selected, setSelected] = useState<Row[]>([]);
  const [dialog, setDialog] = useState<DialogState>({ mode: 'add', row: null, open: false, nonce: 0 });
  /** The row whose history the drawer shows. */
  const [history, setHistory] = useState<Row | null>(null);
  const allowed = config.ownRows
    ? everyButton(config.buttons)
    : allowedButtons(menuCodes(resource), permission, config.buttons);
  const api = useMemo(() => config.api ?? crudApi(resource), [config.api, resource]);
  const shownColumns = useMemo(() => columnFields(fields), [fields]);

  const sourced = shownColumns.filter((f) => f.options.source);
  const sources = useQueries({
    queries: sourced.map((f) => ({
      queryKey: sourceKey(f.options.source ?? 'roleTree'),
      queryFn: () => loadSource(f.options.source ?? 'roleTree'),
      staleTime: 30_000,
    })),
  });
  const lookups: Lookups = {};
  sourced.forEach((f, index) => {
    lookups[f.name] = titleMap(sources[index]?.data);
  });

  const reload = () => {
    setSelected([]);
    list.reload();
  };
  const context: CrudContext = { reload, selected, search: list.state.search };

  const confirmRemove = useConfirmRemove();
  const remove = (rows: Row[]) =>
    confirmRemove(
      rows,
      () => api.remove(idsOf(rows)),
      () => {
        reload();
        config.onRemoved?.(rows);
      },
    );

  const open = (mode: DialogMode, row: Row | null) =>
    setDialog((d) => ({ mode, row, open: true, nonce: d.nonce + 1 }));
  const buttons =
    [allowed.view, allowed.edit, allowed.delete].filter(Boolean).length +
    (config.rowActions ? (config.rowActionCount ?? 2) : 0);
  const hasActions = buttons > 0;
  // Date cells follow the tenant's time zone, which may arrive after the first render.
  useTimeZone((state) => state.zone);
  const columns = buildColumns(
    shownColumns,
    lang,
    lookups,
    hasActions
      ? {
          title: t('crud.actions'),
          width: actionColumnWidth(buttons),
          render: (row) => (
            <RowActions>
              {allowed.view ? (
                <Button type="link" size="small" onClick={() => open('view', row)}>
                  {t('crud.view')}
                </Button>
              ) : null}
              {allowed.edit ? (
                <Button type="link" size="small" onClick={() => open('edit', row)}>
                  {t('crud.edit')}
                </Button>
              ) : null}
              {allowed.delete ? (
                <Button type="link" size="small" danger onClick={() => remove([row])}>
                  {t('crud.delete')}
                </Button>
              ) : null}
              {config.rowActions?.(row, context)}
            </RowActions>
          ),
        }
      : undefined,
  );

  const testId = `crud-${config.id ?? resource.name}`;
  if (list.query.isError && !list.query.data) {
    return (
      <Result
        status="error"
        title={t('common.loadFailed')}
        extra={<Button onClick={() => void list.query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  return (
    <Card variant="borderless" data-testid={testId} className="crud-page">
      <CrudSearch
        config={config}
        fields={searchFields(fields)}
        onSearch={(search, range) => {
          setSelected([]);
          list.setState((state) => searchState(state, search, range));
        }}
      />
      <ListToolbar
        onAdd={
          config.add ? () => config.add?.onClick(context) : allowed.add ? () => open('add', null) : undefined
        }
        addTestId={config.add?.testId ?? 'crud-add'}
        addLabel={config.add?.label}
        onBatchDelete={allowed.delete ? () => remove(selected) : undefined}
        batchDeleteTestId="crud-batch-delete"
        onRefresh={reload}
      >
        {config.toolbar?.(context)}
      </ListToolbar>
      <SelectableTable<TreeRow>
        loading={list.query.isFetching}
        columns={columns}
        dataSource={list.records}
        selected={selected}
        onSelect={setSelected}
        expandable={
          list.lazy
            ? { expandedRowKeys: list.expanded, onExpand: (isOpen, row) => void list.expand(row, isOpen) }
            : undefined
        }
        pagination={
          list.lazy
            ? false
            : tablePagination(
                list.state,
                list.total,
                (next) => list.setState((state) => ({ ...state, ...next })),
                t,
              )
        }
      />
      <CrudDialog
        key={dialog.nonce}
        config={config}
        fields={fields}
        mode={dialog.mode}
        row={dialog.row}
        open={dialog.open}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={(saved, added) => {
          setDialog((d) => ({ ...d, open: false }));
          reload();
          config.onSaved?.(saved, added);
        }}
        onHistory={
          hasHistory(config)
            ? (row) => {
                // The dialog closes: a restore would leave its form showing values the row no longer has.
                setDialog((d) => ({ ...d, open: false }));
                setHistory(row);
              }
            : undefined
        }
      />
      {history ? (
        <HistoryDrawer
          key={history.id}
          resource={resource.name}
          row={history}
          fields={fields}
          lookups={lookups}
          canRestore={allowed.edit}
          onRestored={reload}
          onClose={() => setHistory(null)}
        />
      ) : null}
    </Card>
  );
}
