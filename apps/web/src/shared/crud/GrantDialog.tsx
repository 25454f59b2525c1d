import { useQuery } from '@tanstack/react-query';
import { Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../components/ActionDialog.tsx';
import { CheckTree } from '../schema-form/widgets/checkTree.tsx';
import { toastSuccess } from '../ui/feedback.ts';
import type { TreeNode } from './types.ts';

export interface GrantTab {
  key: string;
  label: string;
  /** Store only leaves (scopes grouped under menus). */
  leavesOnly?: boolean;
}

export interface GrantData {
  trees: Record<string, TreeNode[]>;
  keys: Record<string, string[]>;
}

interface GrantDialogProps {
  open: boolean;
  title: string;
  tabs: GrantTab[];
  /** Cache key of the loaded trees and keys (changes with the rows granted). */
  queryKey: readonly unknown[];
  load: () => Promise<GrantData>;
  submit: (keys: Record<string, string[]>) => Promise<unknown>;
  onClose: () => void;
}

/** Grant dialog: one checkable tree per tab (role grants: menus, data scopes, API scopes; top-menu grants). */
export function GrantDialog({ open, title, tabs, queryKey, load, submit, onClose }: GrantDialogProps) {
  const { t } = useTranslation();
  const data = useQuery({ queryKey: ['grant', ...queryKey], queryFn: load, enabled: open, gcTime: 0 });
  const [keys, setKeys] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (data.data) {
      setKeys(data.data.keys);
    }
  }, [data.data]);

  const onOk = async () => {
    setSaving(true);
    try {
      await submit(keys);
      toastSuccess(t('crud.done'));
      onClose();
    } catch {
      // the request client already showed the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <ActionDialog
      open={open}
      title={title}
      width={560}
      onCancel={onClose}
      okText={t('crud.submit')}
      cancelText={t('crud.cancel')}
      busy={saving}
      okButtonProps={{ disabled: !data.data }}
      onOk={() => void onOk()}
      testId="grant-dialog"
    >
      {data.data ? (
        <Tabs
          items={tabs.map((tab) => ({
            key: tab.key,
            label: tab.label,
            children: (
              <CheckTree
                id={`grant-${tab.key}`}
                height={420}
                leavesOnly={tab.leavesOnly}
                treeData={data.data.trees[tab.key] ?? []}
                value={keys[tab.key] ?? []}
                onChange={(next) => setKeys((known) => ({ ...known, [tab.key]: next as string[] }))}
              />
            ),
          }))}
        />
      ) : (
        <Spin />
      )}
    </ActionDialog>
  );
}
