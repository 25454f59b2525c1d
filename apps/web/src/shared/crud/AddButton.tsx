import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface AddButtonProps {
  onClick: () => void;
  testId: string;
  /** The button's text where "add" alone would not say what is added. */
  children?: ReactNode;
}

/** The toolbar's first button on a list screen: adds a record. */
export function AddButton({ onClick, testId, children }: AddButtonProps) {
  const { t } = useTranslation();
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
      {children ?? t('crud.add')}
    </Button>
  );
}
