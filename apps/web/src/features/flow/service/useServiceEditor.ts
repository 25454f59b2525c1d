import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText, useBusy } from '../../../shared/hooks/useBusy.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { flowServiceApi } from './api.ts';
import { blocklyApi, type WorkspaceState } from './blocklyApi.ts';
import { fieldOfMessage } from './serviceForm.ts';
import {
  bodyOf,
  cleaned,
  differs,
  type EditorValues,
  type SavedValues,
  sameFields,
  valuesOf,
} from './serviceValues.ts';
import type { ServiceNode } from './tree.ts';
import { flowKeys } from './useServiceTree.ts';

export type { EditorValues } from './serviceValues.ts';

/** What a save from the Blockly tab adds: the blocks and the script generated from them. */
export interface BlocksToSave {
  data: WorkspaceState;
  code: string;
}

/**
 * One service in the editor: its row read once, the form's values, whether they differ from what was saved last,
 * and the save. The tree's node is the newest word on where the service hangs and whether it is on (moved,
 * switched or renamed from the tree while open), so a save sends those from it. A save from the blocks also
 * stores them (blockly/saveOrUpdate), and their script becomes the code.
 */
export function useServiceEditor(node: ServiceNode, reloadTree: () => Promise<unknown>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditorValues>();
  const detail = useQuery({
    queryKey: flowKeys.detail(node.id),
    queryFn: () => flowServiceApi.detail(node.id),
    gcTime: 0,
  });
  const [saved, setSaved] = useState<SavedValues | null>(null);
  const { busy: saving, run, problem, setProblem } = useBusy();
  const watched: Partial<EditorValues> = {
    name: Form.useWatch('name', form),
    path: Form.useWatch('path', form),
    code: Form.useWatch('code', form),
    roleIds: Form.useWatch('roleIds', form),
    cron: Form.useWatch('cron', form),
    timeZone: Form.useWatch('timeZone', form),
  };

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

  const dirty = saved !== null && watched.name !== undefined && differs(watched, saved);

  // A refusal that names a field goes under it, any other above the form.
  const showRefusal = (error: unknown) => {
    const text = failureText(error);
    const field = fieldOfMessage(text);
    if (field) {
      form.setFields([{ name: field, errors: [text] }]);
    } else {
      setProblem(text);
    }
  };

  /** Saves the form (with the blocks' script as its code when blocks are given); answers whether it did. */
  const save = async (blocks?: BlocksToSave): Promise<boolean> => {
    const row = detail.data;
    if (!row || saving) {
      return false;
    }
    let done = false;
    await run(async () => {
      const values = await form.validateFields();
      const sent = cleaned({ ...values, ...(blocks ? { code: blocks.code } : {}) });
      if (!blocks || !saved || !sameFields(sent, saved)) {
        await flowServiceApi.save(bodyOf(sent, row, node));
      }
      if (blocks) {
        await blocklyApi.save({ id: node.id, data: blocks.data, code: blocks.code });
      }
      // What was saved is trimmed (and the blocks' script): the form shows it so, and is then no longer changed.
      form.setFieldsValue({ name: sent.name, path: sent.path, cron: sent.cron, code: sent.code });
      setSaved(sent);
      done = true;
      toastSuccess(t('flow.service.saved'));
      if (sent.name !== saved?.name || sent.path !== saved?.path) {
        await reloadTree();
      }
    }, showRefusal);
    return done;
  };

  return {
    form,
    saved,
    row: detail.data,
    loading: detail.isPending,
    failed: detail.isError,
    retry: () => void detail.refetch(),
    dirty,
    saving,
    problem,
    save,
  };
}
