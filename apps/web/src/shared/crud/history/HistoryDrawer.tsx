import { Button, Drawer, Empty, Pagination, Result, Spin, Timeline } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '../../time/timeZone.ts';
import type { Lookups } from '../columns.tsx';
import type { CrudField, Row } from '../types.ts';
import { ACTION_COLORS } from './changeText.ts';
import { REVISION_PAGE_SIZE } from './revisionApi.ts';
import { RevisionEntry } from './RevisionEntry.tsx';
import { rowLabel } from './revisable.ts';
import { useRevisions } from './useRevisions.ts';

interface HistoryDrawerProps {
  /** The resource's code as revisions name it: a plain resource's name, or `ent_<entity id>`. */
  resource: string;
  row: Row;
  /** The screen's fields, for labels and for values shown as the table shows them. */
  fields: CrudField[];
  lookups: Lookups;
  /** The caller holds the screen's edit button, which restoring needs. */
  canRestore: boolean;
  /** After a restore: the screen's table shows the row as it is now. */
  onRestored: () => void;
  onClose: () => void;
}

/** A row's history, newest first: each change field by field, and a way back to any earlier state. */
export function HistoryDrawer({
  resource,
  row,
  fields,
  lookups,
  canRestore,
  onRestored,
  onClose,
}: HistoryDrawerProps) {
  const { t } = useTranslation();
  const { query, current, setCurrent, restore } = useRevisions(resource, row.id, onRestored);
  const byName = useMemo(() => new Map(fields.map((field) => [field.name, field])), [fields]);
  // Times follow the tenant's zone, which may arrive after the drawer opened.
  useTimeZone((state) => state.zone);
  const label = rowLabel(fields, row);
  const page = query.data;

  const body = () => {
    if (query.isError && !page) {
      return (
        <Result
          status="error"
          title={t('common.loadFailed')}
          extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
        />
      );
    }
    if (!page) {
      return <Spin style={{ display: 'block', margin: '48px auto' }} />;
    }
    if (page.records.length === 0) {
      return <Empty description={t('revision.empty')} />;
    }
    return (
      <Spin spinning={query.isFetching}>
        <Timeline
          items={page.records.map((revision, index) => {
            // The newest state is the row as it is: nothing to go back to.
            const newest = current === 1 && index === 0;
            return {
              key: revision.id,
              color: ACTION_COLORS[revision.action],
              content: (
                <RevisionEntry
                  revision={revision}
                  fields={byName}
                  lookups={lookups}
                  onRestore={
                    canRestore && !newest && revision.action !== 'delete'
                      ? () => restore(revision)
                      : undefined
                  }
                />
              ),
            };
          })}
        />
        {page.total > REVISION_PAGE_SIZE ? (
          <Pagination
            align="end"
            size="small"
            current={current}
            pageSize={REVISION_PAGE_SIZE}
            total={page.total}
            showSizeChanger={false}
            onChange={setCurrent}
          />
        ) : null}
      </Spin>
    );
  };

  return (
    <Drawer
      open
      size={640}
      title={label ? t('revision.historyOf', { label }) : t('revision.history')}
      onClose={onClose}
      destroyOnHidden
    >
      <div data-testid="history-drawer">{body()}</div>
    </Drawer>
  );
}
