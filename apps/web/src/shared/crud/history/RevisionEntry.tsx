import type { RevisionChange, RevisionRecord } from '@yuan/contract/revision';
import { Button, Flex, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../hooks/useLanguage.ts';
import { formatDateTime } from '../../time/timeZone.ts';
import type { Lookups } from '../columns.tsx';
import type { CrudField } from '../types.ts';
import { ACTION_COLORS, fieldLabel, isHidden, valueText } from './changeText.ts';

interface RevisionEntryProps {
  revision: RevisionRecord;
  /** The screen's fields by name: labels and the way its cells show values. */
  fields: Map<string, CrudField>;
  lookups: Lookups;
  /** Absent where the row cannot go back to it (the newest state, or the caller may not edit). */
  onRestore?: () => void;
}

/** One revision: what happened, who did it and when, and field by field what it changed. */
export function RevisionEntry({ revision, fields, lookups, onRestore }: RevisionEntryProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const value = (change: RevisionChange, side: 'before' | 'after') =>
    isHidden(change)
      ? t('revision.hidden')
      : valueText(fields.get(change.field), change[side], lang, lookups);
  const columns: ColumnsType<RevisionChange> = [
    {
      key: 'field',
      title: t('revision.field'),
      width: 140,
      render: (_, change) => fieldLabel(fields.get(change.field), change.field, lang),
    },
    {
      key: 'before',
      title: t('revision.before'),
      // A secret field's one cell says it changed, across both value columns.
      onCell: (change) => ({ colSpan: isHidden(change) ? 2 : 1 }),
      render: (_, change) => value(change, 'before'),
    },
    {
      key: 'after',
      title: t('revision.after'),
      onCell: (change) => ({ colSpan: isHidden(change) ? 0 : 1 }),
      render: (_, change) => value(change, 'after'),
    },
  ];
  return (
    <div data-testid="revision">
      <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: 8 }}>
        <Space size="small" wrap>
          <Tag color={ACTION_COLORS[revision.action]}>{t(`revision.${revision.action}`)}</Tag>
          <Typography.Text>{revision.userName || t('revision.unknownUser')}</Typography.Text>
          <Typography.Text type="secondary">{formatDateTime(revision.createTime)}</Typography.Text>
        </Space>
        {onRestore ? (
          <Button size="small" onClick={onRestore} data-testid="revision-restore">
            {t('revision.restore')}
          </Button>
        ) : null}
      </Flex>
      {revision.changes.length > 0 ? (
        <Table<RevisionChange>
          size="small"
          bordered
          pagination={false}
          rowKey="field"
          columns={columns}
          dataSource={revision.changes}
          tableLayout="fixed"
          // JSON and long texts have no spaces to wrap at.
          style={{ wordBreak: 'break-word' }}
        />
      ) : null}
    </div>
  );
}
