import { DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from './AddButton.tsx';

interface ListToolbarProps {
  /** Shown only where the user may add. */
  onAdd?: () => void;
  addTestId: string;
  /** The add button's text where "add" alone would not say what is added. */
  addLabel?: ReactNode;
  /** Deletes the selected rows; shown only where the user may delete. */
  onBatchDelete?: () => void;
  batchDeleteTestId?: string;
  onRefresh: () => void;
  /** The screen's own buttons, between the batch delete and the refresh. */
  children?: ReactNode;
}

/** The toolbar above a list's table: add, delete the selected rows, the screen's own buttons, refresh. */
export function ListToolbar({
  onAdd,
  addTestId,
  addLabel,
  onBatchDelete,
  batchDeleteTestId,
  onRefresh,
  children,
}: ListToolbarProps) {
  const { t } = useTranslation();
  return (
    <Space style={{ marginBottom: 12 }} wrap>
      {onAdd ? (
        <AddButton onClick={onAdd} testId={addTestId}>
          {addLabel}
        </AddButton>
      ) : null}
      {onBatchDelete ? (
        <Button danger icon={<DeleteOutlined />} onClick={onBatchDelete} data-testid={batchDeleteTestId}>
          {t('crud.batchDelete')}
        </Button>
      ) : null}
      {children}
      <Button icon={<ReloadOutlined />} onClick={onRefresh} aria-label={t('crud.refresh')} />
    </Space>
  );
}
