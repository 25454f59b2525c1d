import { Alert, App, Form } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../shared/hooks/usePermission.ts';
import { newModelXml } from '../bpmn/template.ts';
import type { ModelDetail } from '../flowApi.ts';
import { DeployDialog, type DeployTarget } from './DeployDialog.tsx';
import { DesignerHeader } from './DesignerHeader.tsx';
import { LintList } from './LintList.tsx';
import { PropertiesPanel } from './PropertiesPanel.tsx';
import { type ModelHeader, useModelActions } from './useModelActions.ts';
import { useModeler } from './useModeler.ts';
import { useSaveShortcut } from './useSaveShortcut.ts';

interface Props {
  /** The model to edit, or null for a new one. */
  model: ModelDetail | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The header's first values: the stored model's, or blanks for a new one. */
function headerOf(model: ModelDetail | null): Partial<ModelHeader> {
  return {
    modelKey: model?.modelKey ?? '',
    name: model?.name ?? '',
    category: model?.category ?? '',
    description: model?.description ?? '',
  };
}

/** The modeller: header form and actions, the bpmn-js canvas, the selected element's panel and the findings. */
export function DesignerWorkspace({ model, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<ModelHeader>();
  const rootRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const [initialXml] = useState(() => model?.xml || newModelXml());
  const modeler = useModeler(canvasRef, initialXml);
  const actions = useModelActions({ form, modeler, initialId: model?.id, onSaved });
  const [deploying, setDeploying] = useState<DeployTarget | null>(null);
  const canSave = usePermission(actions.id ? 'flowModel_edit' : 'flowModel_add');
  const canDeploy = usePermission('flowModel_deploy');

  const save = () => {
    if (canSave) {
      void actions.save();
    }
  };
  useSaveShortcut(rootRef, save);

  const deploy = async () => {
    // A deployment takes the stored model: what is on screen is saved first.
    let id = actions.id;
    if (actions.dirty || !id) {
      const saved = await actions.save();
      // Not saved, or saved with errors (the save's message says they must be fixed first).
      if (!saved || (saved.lint?.errors?.length ?? 0) > 0) {
        return;
      }
      id = saved.id;
    }
    const values = form.getFieldsValue();
    setDeploying({ id, modelKey: values.modelKey, name: values.name });
  };

  const back = () => {
    if (!actions.dirty) {
      onClose();
      return;
    }
    modal.confirm({
      title: t('flow.model.discardTitle'),
      content: t('flow.model.discardContent'),
      okText: t('flow.model.discard'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: onClose,
    });
  };

  return (
    <div ref={rootRef} className="flow-designer" data-testid="flow-designer" data-model-id={actions.id ?? ''}>
      <DesignerHeader
        form={form}
        initial={headerOf(model)}
        isNew={!actions.id}
        dirty={actions.dirty}
        saving={actions.saving}
        canSave={canSave}
        canDeploy={canDeploy}
        onChange={actions.markHeaderDirty}
        onBack={back}
        onSave={save}
        onDeploy={() => void deploy()}
        onImport={(file) => void actions.importFile(file)}
        onDownload={() => void actions.download()}
      />
      {modeler.failure ? (
        <Alert type="error" showIcon title={t('flow.bpmn.renderFailed')} description={modeler.failure} />
      ) : null}
      <div className="flow-designer-body">
        <div
          ref={canvasRef}
          className="flow-canvas"
          data-testid="flow-modeler"
          data-ready={modeler.diagram ? 'true' : 'false'}
        />
        <aside className="flow-designer-side">
          {modeler.diagram ? (
            <PropertiesPanel
              diagram={modeler.diagram}
              element={modeler.selected}
              revision={modeler.revision}
            />
          ) : null}
          {actions.items.length > 0 ? (
            <LintList items={actions.items} stale={modeler.dirty} onPick={actions.reveal} />
          ) : null}
        </aside>
      </div>
      {deploying ? (
        <DeployDialog model={deploying} onClose={() => setDeploying(null)} onRefused={actions.applyLint} />
      ) : null}
    </div>
  );
}
