import { useQuery } from '@tanstack/react-query';
import { regionResource } from '@yuan/contract/system/region';
import { Input, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shared/api/http.ts';

/** A node of region/lazy-tree, the call of the region screen (its id and value are the region code). */
interface RegionNode {
  id: string;
  parentId: string;
  title: string;
  value: string;
  hasChildren: boolean;
}

/** The parent code of the provinces. */
const ROOT = '00';

function childrenOf(parentCode: string): Promise<RegionNode[]> {
  // Quiet: without the region menu the picker falls back to typing the code, which needs no toast.
  return call<RegionNode[]>(`${regionResource.basePath}/lazy-tree`, {
    params: { parentCode },
    guard: false,
    silent: true,
  });
}

/**
 * A territory as a region code, picked in the region tree (provinces first, each level loaded when opened). A user
 * who may not read the regions types the code instead; the server checks it either way.
 */
export function RegionSelect(props: { value?: string; onChange?: (code: string | undefined) => void }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Record<string, RegionNode[]>>({});
  const roots = useQuery({
    queryKey: ['territory-regions', ROOT],
    queryFn: () => childrenOf(ROOT),
    retry: false,
  });
  if (roots.isError) {
    return (
      <Input
        value={props.value}
        onChange={(e) => props.onChange?.(e.target.value.trim() || undefined)}
        placeholder={t('walletTools.territoryCode')}
        maxLength={12}
        data-testid="territory-region-input"
      />
    );
  }
  const nodes = [...(roots.data ?? []), ...Object.values(loaded).flat()];
  return (
    <TreeSelect
      value={props.value}
      onChange={(code: string | undefined) => props.onChange?.(code)}
      allowClear
      loading={roots.isPending}
      placeholder={t('walletTools.territoryNone')}
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDataSimpleMode={{ id: 'id', pId: 'pId', rootPId: ROOT }}
      treeData={nodes.map((node) => ({
        id: node.id,
        pId: node.parentId,
        value: node.value,
        title: `${node.title} (${node.value})`,
        isLeaf: !node.hasChildren,
      }))}
      loadData={async (node) => {
        const code = String(node.value);
        if (loaded[code]) {
          return;
        }
        const children = await childrenOf(code);
        setLoaded((known) => ({ ...known, [code]: children }));
      }}
      data-testid="territory-region"
    />
  );
}
