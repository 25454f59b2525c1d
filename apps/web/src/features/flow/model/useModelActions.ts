import type { FormInstance } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../shared/api/files.ts';
import { toastError, toastSuccess, toastWarning } from '../../../shared/ui/feedback.ts';
import { type Lint, type LintItem, lintItems, lintOf } from '../bpmn/lint.ts';
import { revealElement, showLint } from '../bpmn/lintOverlay.ts';
import { finishEditing, processInfo, syncProcess } from '../bpmn/process.ts';
import { MODEL_KEY_PATTERN } from '../bpmn/properties.ts';
import { NEW_PROCESS_ID, xmlFileName } from '../bpmn/template.ts';
import { modelApi, type SavedModel } from '../flowApi.ts';
import type { ModelerState } from './useModeler.ts';

/** The header form of the designer. */
export interface ModelHeader {
  modelKey: string;
  name: string;
  category: string;
  description?: string;
}

interface Options {
  form: FormInstance<ModelHeader>;
  modeler: ModelerState;
  /** The saved model's id; undefined until a new model is first saved. */
  initialId?: string;
  onSaved: () => void;
}

/** Save, checker findings, XML import and download of the designer. */
export function useModelActions({ form, modeler, initialId, onSaved }: Options) {
  const { t } = useTranslation();
  const [id, setId] = useState(initialId);
  const [items, setItems] = useState<LintItem[]>([]);
  const [saving, setSaving] = useState(false);
  // A second Ctrl+S while a save is under way is ignored (state would only see it on the next render).
  const inFlight = useRef(false);
  const [headerDirty, setHeaderDirty] = useState(false);
  const marked = useRef<string[]>([]);
  const { diagram } = modeler;

  const applyLint = useCallback(
    (lint: Lint) => {
      const next = lintItems(lint);
      setItems(next);
      if (diagram) {
        marked.current = showLint(diagram, next, marked.current);
      }
    },
    [diagram],
  );

  /** Saves header and diagram; answers the saved row, or null when nothing was saved (already shown). */
  const save = async (): Promise<SavedModel | null> => {
    if (!diagram || inFlight.current) {
      return null;
    }
    inFlight.current = true;
    setSaving(true);
    try {
      const values = await form.validateFields();
      finishEditing(diagram);
      syncProcess(diagram, values.modelKey, values.name);
      const xml = await modeler.saveXml();
      const saved = await modelApi.submit({ ...values, id, xml });
      setId(saved.id);
      const lint = lintOf(saved.lint);
      applyLint(lint);
      modeler.markClean();
      setHeaderDirty(false);
      if (lint.errors.length > 0) {
        toastWarning(t('flow.model.savedWithErrors', { count: String(lint.errors.length) }));
      } else {
        toastSuccess(t('flow.model.saved'));
      }
      onSaved();
      return saved;
    } catch {
      // Already shown: the form marks what is missing next to each field, the request client shows a refusal's
      // reason (e.g. XML the server cannot read).
      return null;
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  /** Opens a .bpmn file in place of the diagram; a new model takes the file's process id and name. */
  const importFile = async (file: File) => {
    try {
      await modeler.importXml(await file.text());
    } catch (error) {
      toastError(
        t('flow.model.importFailed', { detail: error instanceof Error ? error.message : String(error) }),
      );
      return;
    }
    applyLint({ errors: [], warnings: [] });
    if (!diagram) {
      return;
    }
    const process = processInfo(diagram);
    const header = form.getFieldsValue();
    const usable = process.id && process.id !== NEW_PROCESS_ID && MODEL_KEY_PATTERN.test(process.id);
    if (!header.modelKey && usable) {
      form.setFieldValue('modelKey', process.id);
    }
    if (!header.name && process.name) {
      form.setFieldValue('name', process.name);
    }
    toastSuccess(t('flow.model.imported', { name: file.name }));
  };

  const download = async () => {
    if (!diagram) {
      return;
    }
    finishEditing(diagram);
    const xml = await modeler.saveXml();
    saveBlob(new Blob([xml], { type: 'application/xml' }), xmlFileName(form.getFieldValue('modelKey') ?? ''));
  };

  const reveal = (elementId: string) => {
    if (diagram) {
      revealElement(diagram, elementId);
    }
  };

  return {
    id,
    items,
    saving,
    dirty: modeler.dirty || headerDirty,
    markHeaderDirty: () => setHeaderDirty(true),
    save,
    applyLint,
    importFile,
    download,
    reveal,
  };
}
