import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../shared/components/PageSpinner.tsx';
import { modelApi } from '../flowApi.ts';
import { DesignerWorkspace } from './DesignerWorkspace.tsx';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';
import '../bpmn/bpmn.css';
import './modelDesigner.css';

interface Props {
  /** The model to open, or null for a new one. */
  modelId: string | null;
  onClose: () => void;
  /** A save went through: the list behind the designer is out of date. */
  onSaved: () => void;
}

/**
 * The full-size modeller of /flow/model: loads the model (a new one starts from the template) and opens it.
 * This module and what it imports carry bpmn-js, so the model list loads it only when a model is opened.
 */
export function ModelDesigner({ modelId, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: ['flow-model-detail', modelId],
    queryFn: () => modelApi.detail(modelId ?? ''),
    enabled: modelId !== null,
    gcTime: 0,
  });
  if (modelId !== null && detail.isPending) {
    return <PageSpinner />;
  }
  if (modelId !== null && !detail.data) {
    return (
      <Result
        status="error"
        title={t('common.loadFailed')}
        extra={<Button onClick={onClose}>{t('flow.model.back')}</Button>}
        data-testid="flow-designer-missing"
      />
    );
  }
  return <DesignerWorkspace model={detail.data ?? null} onClose={onClose} onSaved={onSaved} />;
}
