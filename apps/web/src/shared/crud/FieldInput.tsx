import { useQuery } from '@tanstack/react-query';
import type { Resource } from '@yuan/contract';
import { DatePicker, Input, InputNumber, Select, Spin, Tree, TreeSelect } from 'antd';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../hooks/useLanguage.ts';
import { crudApi } from './api.ts';
import { isMultiple, pick, widgetOf } from './fields.ts';
import { useSource, withoutSubtree } from './sources.ts';
import { displayKeys, storedKeys } from './treeKeys.ts';
import type { CrudField, TreeNode } from './types.ts';

interface FieldInputProps {
  field: CrudField;
  resource: Resource;
  disabled?: boolean;
  /** The row being edited: a tree node cannot become its own parent. */
  editingId?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  onBlur?: () => void;
  id?: string;
}

/** The parent tree of a tree resource (its own `/tree`). */
function useParentTree(resource: Resource, enabled: boolean) {
  return useQuery({
    queryKey: ['crud-tree', resource.basePath],
    queryFn: () => crudApi(resource).tree(),
    enabled,
    staleTime: 5_000,
  });
}

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

/** The input of one field, chosen from its kind and the screen's options (see fields.ts widgetOf). */
export function FieldInput({
  field,
  resource,
  disabled,
  editingId,
  value,
  onChange,
  onBlur,
  id,
}: FieldInputProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const widget = widgetOf(field);
  const label = pick(field.spec.label, lang);
  const isParent = field.name === 'parentId' && Boolean(resource.tree) && !field.options.source;
  const parentTree = useParentTree(resource, isParent);
  const source = useSource(field.options.source, !isParent);
  const common = { id, disabled, onBlur, style: { width: '100%' } };
  const choose = t('crud.choose', { label });
  const enter = t('crud.placeholder', { label });

  if (isParent) {
    return (
      <TreeSelect
        {...common}
        allowClear
        showSearch
        treeNodeFilterProp="title"
        placeholder={t('crud.top')}
        loading={parentTree.isLoading}
        treeData={withoutSubtree(parentTree.data ?? [], editingId)}
        value={value as string | undefined}
        onChange={(next) => onChange?.(next)}
      />
    );
  }
  switch (widget) {
    case 'textarea':
      return (
        <Input.TextArea
          {...common}
          rows={3}
          placeholder={enter}
          value={value as string | undefined}
          onChange={(e) => onChange?.(e.target.value)}
        />
      );
    case 'password':
      return (
        <Input.Password
          {...common}
          autoComplete="new-password"
          placeholder={enter}
          value={value as string | undefined}
          onChange={(e) => onChange?.(e.target.value)}
        />
      );
    case 'number':
      return (
        <InputNumber
          {...common}
          min={field.spec.min}
          max={field.spec.max}
          precision={0}
          placeholder={enter}
          value={value as number | undefined}
          onChange={(next) => onChange?.(next ?? undefined)}
        />
      );
    case 'date':
      return (
        <DatePicker
          {...common}
          showTime={field.spec.kind !== 'date'}
          placeholder={choose}
          value={value as never}
          onChange={(next) => onChange?.(next ?? undefined)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          mode={isMultiple(field) ? 'multiple' : undefined}
          placeholder={choose}
          loading={source.isLoading}
          options={
            field.options.options
              ? field.options.options.map((o) => ({ value: o.value, label: pick(o.label, lang) }))
              : (source.data ?? []).map((node) => ({ value: node.value, label: node.title }))
          }
          value={value as never}
          onChange={(next) => onChange?.(next)}
        />
      );
    case 'treeSelect':
      return (
        <TreeSelect
          {...common}
          allowClear
          showSearch
          treeNodeFilterProp="title"
          multiple={isMultiple(field)}
          placeholder={choose}
          loading={source.isLoading}
          treeData={source.data ?? []}
          value={value as never}
          onChange={(next: unknown) => onChange?.(next)}
        />
      );
    case 'checkTree':
      // Mounted once the nodes are there, so that every branch starts expanded.
      return source.isLoading ? (
        <Spin />
      ) : (
        <CheckTree
          id={id}
          disabled={disabled}
          treeData={source.data ?? []}
          value={value}
          onChange={onChange}
        />
      );
    default:
      return (
        <Input
          {...common}
          placeholder={enter}
          value={value as string | undefined}
          onChange={(e) => onChange?.(e.target.value)}
        />
      );
  }
}
