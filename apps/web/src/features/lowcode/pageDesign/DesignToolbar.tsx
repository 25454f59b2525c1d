import {
  ArrowLeftOutlined,
  ClearOutlined,
  EyeOutlined,
  ImportOutlined,
  RedoOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { saveFormJson } from '@yuan/contract/lowcode/form-design';
import type { FormJson } from '@yuan/contract/lowcode/form-json';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastWarning } from '../../../shared/ui/feedback.ts';
import { JsonButton } from '../JsonButton.tsx';
import { SaveButton } from '../SaveButton.tsx';
import { useConfirmedLeave } from '../useConfirmedLeave.ts';
import type { DesignAction, DesignState } from './designState.ts';
import { ImportDrawer } from './ImportDrawer.tsx';
import { PreviewModal } from './PreviewModal.tsx';

interface DesignToolbarProps {
  /** The form's entity, whose list of forms 返回 goes to. */
  entId: string;
  state: DesignState;
  dispatch: (action: DesignAction) => void;
  saving: boolean;
  onSave: () => void;
}

type Open = 'import' | 'preview' | null;

/** The way back to the entity's forms, undo, redo, import, the JSON, the preview, clear and save. */
export function DesignToolbar({ entId, state, dispatch, saving, onSave }: DesignToolbarProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const back = useConfirmedLeave(state.dirty, t('pageDesign.leaveConfirm'), () =>
    navigate(entId ? `/page/${entId}` : '/entity/index'),
  );
  const [open, setOpen] = useState<Open>(null);
  const empty = state.json.column.length === 0;
  const clear = () => {
    if (empty) {
      toastWarning(t('pageDesign.clear.nothing'));
      return;
    }
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('pageDesign.clear.confirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => dispatch({ type: 'clear' }),
    });
  };
  const preview = () => {
    if (empty) {
      toastWarning(t('pageDesign.preview.nothing'));
      return;
    }
    setOpen('preview');
  };
  const close = () => setOpen(null);
  return (
    <>
      <Space wrap className="page-design-toolbar">
        <Button data-testid="page-design-back" icon={<ArrowLeftOutlined />} onClick={back}>
          {t('pageDesign.toolbar.back')}
        </Button>
        <Button
          data-testid="page-design-undo"
          icon={<UndoOutlined />}
          disabled={state.past.length === 0}
          onClick={() => dispatch({ type: 'undo' })}
        >
          {t('pageDesign.toolbar.undo')}
        </Button>
        <Button
          data-testid="page-design-redo"
          icon={<RedoOutlined />}
          disabled={state.future.length === 0}
          onClick={() => dispatch({ type: 'redo' })}
        >
          {t('pageDesign.toolbar.redo')}
        </Button>
        <Button data-testid="page-design-import" icon={<ImportOutlined />} onClick={() => setOpen('import')}>
          {t('pageDesign.toolbar.import')}
        </Button>
        <JsonButton
          testId="page-design-json"
          title={t('pageDesign.toolbar.json')}
          json={() => saveFormJson(state.json)}
        />
        <Button data-testid="page-design-preview" icon={<EyeOutlined />} onClick={preview}>
          {t('pageDesign.toolbar.preview')}
        </Button>
        <Button data-testid="page-design-clear" icon={<ClearOutlined />} danger onClick={clear}>
          {t('pageDesign.toolbar.clear')}
        </Button>
        <SaveButton testId="page-design-save" saving={saving} onSave={onSave}>
          {t('pageDesign.toolbar.save')}
        </SaveButton>
      </Space>
      <ImportDrawer
        open={open === 'import'}
        onClose={close}
        onImport={(json: FormJson) => {
          dispatch({ type: 'import', json });
          close();
        }}
      />
      <PreviewModal open={open === 'preview'} json={state.json} onClose={close} />
    </>
  );
}
