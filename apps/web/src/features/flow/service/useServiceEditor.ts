import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../shared/api/http.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { flowServiceApi, type ServiceInput, type ServiceRow } from './api.ts';
import { fieldOfMessage } from './serviceForm.ts';
import type { ServiceNode } from './tree.ts';
import { flowKeys } from './useServiceTree.ts';

export interface EditorValues {
  name: string;
  path: string;
  code: string;
}

function valuesOf(row: ServiceRow): EditorValues {
  return { name: row.name ?? '', path: row.path ?? '', code: row.code ?? '' };
}

/**
 * One service in the editor: its row read once, the form's values, whether they differ from what was saved last,
 * and the save. The tree's node is the newest word on where the service hangs and whether it is on (moved,
 * switched or renamed from the tree while open), so a save sends those from it.
 */
export function useServiceEditor(node: ServiceNode, reloadTree: () => Promise<unknown>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditorValues>();
  const detail = useQuery({
    queryKey: flowKeys.detail(node.id),
    queryFn: () => flowServiceApi.detail(node.id),
    gcTime: 0,
  });
  const [saved, setSaved] = useState<EditorValues | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');
  const name = Form.useWatch('name', form);
  const path = Form.useWatch('path', form);
  const code = Form.useWatch('code', form);

  useEffect(() => {
    if (detail.data && !saved) {
      setSaved(valuesOf(detail.data));
    }
  }, [detail.data, saved]);

  // Renamed from the tree: the new name is taken unless a different one is being typed here.
  useEffect(() => {
    if (saved && node.name !== saved.name && form.getFieldValue('name') === saved.name) {
      form.setFieldValue('name', node.name);
      setSaved({ ...saved, name: node.name });
    }
  }, [node.name, saved, form]);

  const dirty =
    saved !== null &&
    name !== undefined &&
    (name !== saved.name || (path ?? '') !== saved.path || (code ?? '') !== saved.code);

  const save = async () => {
    const row = detail.data;
    if (!row || saving) {
      return;
    }
    const values = await form.validateFields();
    const sent: EditorValues = {
      name: values.name.trim(),
      path: values.path.trim(),
      code: values.code ?? '',
    };
    const body: ServiceInput = {
      ...sent,
      id: node.id,
      parentId: node.parentId,
      kind: 'service',
      language: row.language || 'js',
      enabled: node.enabled,
      sort: node.sort,
      ...(row.paramsSchema === null || row.paramsSchema === undefined
        ? {}
        : { paramsSchema: row.paramsSchema }),
    };
    setSaving(true);
    setProblem('');
    try {
      await flowServiceApi.save(body);
      // What was saved is trimmed: the form shows it so, and is then no longer changed.
      if (values.name !== sent.name || values.path !== sent.path) {
        form.setFieldsValue({ name: sent.name, path: sent.path });
      }
      setSaved(sent);
      toastSuccess(t('flow.service.saved'));
      if (sent.name !== saved?.name || sent.path !== saved?.path) {
        await reloadTree();
      }
    } catch (error) {
      const text = error instanceof RequestError ? error.message : String(error);
      const field = fieldOfMessage(text);
      if (field) {
        form.setFields([{ name: field, errors: [text] }]);
      } else {
        setProblem(text);
      }
    } finally {
      setSaving(false);
    }
  };

  return {
    form,
    saved,
    loading: detail.isPending,
    failed: detail.isError,
    retry: () => void detail.refetch(),
    dirty,
    saving,
    problem,
    save: () => save().catch(() => undefined),
  };
}
