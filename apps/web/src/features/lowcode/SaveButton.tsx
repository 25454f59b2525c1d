import { SaveOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';

interface SaveButtonProps {
  testId: string;
  saving: boolean;
  onSave: () => void;
  children: ReactNode;
}

/** A designer's save: the toolbar's main button, busy while the save runs. */
export function SaveButton({ testId, saving, onSave, children }: SaveButtonProps) {
  return (
    <Button data-testid={testId} type="primary" icon={<SaveOutlined />} loading={saving} onClick={onSave}>
      {children}
    </Button>
  );
}
