import { Spin, Tree } from 'antd';
import type { Key } from 'react';
import { displayKeys, storedKeys } from '../../crud/treeKeys.ts';
import type { TreeNode } from '../../crud/types.ts';
import { type OptionNode, useFieldOptions } from '../options.ts';
import type { WidgetDef, WidgetProps } from '../types.ts';

interface CheckTreeProps {
  treeData: TreeNode[];
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  id?: string;
  /** Store only leaves (scopes under menu groups); otherwise checked nodes and their half-checked parents. */
  leavesOnly?: boolean;
  height?: number;
}

/** A cascading checkable tree as a form control; the value is the list of stored ids (see treeKeys.ts). */
export function CheckTree({
  treeData,
  value,
  onChange,
  disabled,
  id,
  leavesOnly,
  height = 320,
}: CheckTreeProps) {
  const stored = Array.isArray(value) ? (value as string[]) : [];
  return (
    <div
      id={id}
      className="crud-check-tree"
      data-testid={id ? `check-tree-${id}` : undefined}
      style={{ maxHeight: height, overflow: 'auto' }}
    >
      <Tree
        checkable
        disabled={disabled}
        defaultExpandAll
        treeData={treeData}
        checkedKeys={displayKeys(treeData, stored)}
        onCheck={(_, info) => {
          const checked = info.checkedNodes.map((node) => String(node.key));
          const half = (info.halfCheckedKeys ?? []).map((key: Key) => String(key));
          onChange?.(storedKeys(treeData, checked, half, leavesOnly));
        }}
      />
    </div>
  );
}

function asTreeNodes(options: OptionNode[], parentId = '0'): TreeNode[] {
  return options.map((option) => {
    const id = String(option.value);
    return {
      id,
      parentId,
      title: option.label,
      value: id,
      key: id,
      children: option.children ? asTreeNodes(option.children, id) : undefined,
    };
  });
}

/**
 * Not a designer type: the system screens' inline tree of checkboxes (a package's menus). Drawn once the nodes
 * are there, so that every branch starts expanded.
 */
export function CheckTreeWidget({ field, id, value, onChange, disabled, readOnly }: WidgetProps) {
  const { options, loading } = useFieldOptions(field);
  if (loading) {
    return <Spin />;
  }
  return (
    <CheckTree
      id={id}
      treeData={asTreeNodes(options)}
      value={value}
      onChange={onChange}
      disabled={disabled || readOnly}
    />
  );
}

export const checkTreeWidget: WidgetDef = { Widget: CheckTreeWidget, choice: true };
