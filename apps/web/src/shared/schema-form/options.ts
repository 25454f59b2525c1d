import { useQuery } from '@tanstack/react-query';
import type { DicItem, FormField } from '@yuan/contract/lowcode/form-json';
import { useMemo } from 'react';
import { call } from '../api/http.ts';
import { isSourceName, useSource, withoutSubtree } from '../crud/sources.ts';
import type { TreeNode } from '../crud/types.ts';

/** One choice as every choice widget reads it (antd's label/value/children). */
export interface OptionNode {
  label: string;
  value: string | number | boolean;
  disabled?: boolean;
  children?: OptionNode[];
}

/** The named list a field takes its choices from: its own, or for an entity selector its reference's rows. */
export function sourceOf(field: FormField): string | undefined {
  if (field.dicSource) {
    return field.dicSource;
  }
  if (field.type === 'entity' && field.entId) {
    return `entityRef:${field.entId}:${field.entField ?? field.prop ?? ''}`;
  }
  return undefined;
}

function isRemote(field: FormField): boolean {
  return Boolean(field.dicUrl) && field.dicOption !== 'static';
}

function fromDicData(items: readonly DicItem[]): OptionNode[] {
  return items.map((item) => ({
    label: String(item.label),
    value: item.value,
    disabled: item.disabled,
    children: item.children ? fromDicData(item.children) : undefined,
  }));
}

function fromTree(nodes: readonly TreeNode[]): OptionNode[] {
  return nodes.map((node) => ({
    label: node.title,
    value: node.value,
    children: node.children && node.children.length > 0 ? fromTree(node.children) : undefined,
  }));
}

function at(value: unknown, path: string | undefined): unknown {
  if (!path) {
    return value;
  }
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | null)?.[key], value);
}

/** Rows of a remote answer with the field's props naming label, value and children. */
export function fromRows(data: unknown, field: FormField): OptionNode[] {
  const found = at(data, field.props?.res);
  const rows = Array.isArray(found) ? found : (at(found, 'records') as unknown[] | undefined);
  const label = field.props?.label ?? 'label';
  const value = field.props?.value ?? 'value';
  const children = field.props?.children ?? 'children';
  const walk = (list: unknown[]): OptionNode[] =>
    list.map((row) => {
      const record = (row ?? {}) as Record<string, unknown>;
      const nested = record[children];
      return {
        label: String(record[label] ?? record[value] ?? ''),
        value: record[value] as string | number | boolean,
        children: Array.isArray(nested) && nested.length > 0 ? walk(nested) : undefined,
      };
    });
  return Array.isArray(rows) ? walk(rows) : [];
}

/** A remote choice list (SPEC §3 dicUrl/dicMethod/dicQuery), through the project's request client. */
export function loadRemote(field: FormField): Promise<OptionNode[]> {
  const url = field.dicUrl ?? '';
  const query = Array.isArray(field.dicQuery) ? {} : (field.dicQuery ?? {});
  const post = field.dicMethod === 'post';
  return call<unknown>(url, {
    method: post ? 'POST' : 'GET',
    params: post ? undefined : query,
    body: post ? query : undefined,
    guard: false,
  }).then((data) => fromRows(data, field));
}

function withoutValue(options: OptionNode[], excluded: string | undefined): OptionNode[] {
  if (excluded === undefined) {
    return options;
  }
  return options
    .filter((option) => String(option.value) !== excluded)
    .map((option) =>
      option.children ? { ...option, children: withoutValue(option.children, excluded) } : option,
    );
}

/**
 * The choices of a field: a named list of the application (shared with the system screens), else a remote list,
 * else its static dicData. `exclude` leaves one choice and its subtree out.
 */
export function useFieldOptions(field: FormField): { options: OptionNode[]; loading: boolean } {
  const source = sourceOf(field);
  const named = source !== undefined && isSourceName(source) ? source : undefined;
  const remote = !named && isRemote(field);
  const sourced = useSource(named, Boolean(named));
  const fetched = useQuery({
    queryKey: [
      'schema-dic',
      field.dicMethod ?? 'get',
      field.dicUrl,
      field.dicQuery ?? null,
      field.props ?? null,
    ],
    queryFn: () => loadRemote(field),
    enabled: remote,
    staleTime: 30_000,
  });
  const options = useMemo(() => {
    if (named) {
      return fromTree(withoutSubtree(sourced.data ?? [], field.exclude));
    }
    if (remote) {
      return withoutValue(fetched.data ?? [], field.exclude);
    }
    return withoutValue(fromDicData(field.dicData ?? []), field.exclude);
  }, [named, remote, sourced.data, fetched.data, field.dicData, field.exclude]);
  return { options, loading: named ? sourced.isLoading : remote ? fetched.isLoading : false };
}
