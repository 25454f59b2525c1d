import { useQuery } from '@tanstack/react-query';
import { regionResource } from '@yuan/contract/system/region';
import { Button, Card, Col, Empty, Row as GridRow, Result, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shared/api/http.ts';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import { REGION_LEVEL } from '../options.ts';

/** A node of region/lazy-tree (the id, value and key are the region code). */
export interface RegionNode {
  id: string;
  parentId: string;
  title: string;
  value: string;
  key: string;
  regionLevel: number;
  hasChildren: boolean;
}

/** The parent code of the provinces. */
export const REGION_ROOT = '00';
const MAX_LEVEL = 5;
const LAZY_TREE = `${regionResource.basePath}/lazy-tree`;

function loadChildren(parentCode: string): Promise<RegionNode[]> {
  return call<RegionNode[]>(LAZY_TREE, { params: { parentCode }, guard: false });
}

/** antd tree data from the loaded levels: a node is a leaf when the server says so and nothing was loaded under it. */
export function regionTreeData(children: Record<string, RegionNode[]>, parentCode = REGION_ROOT): DataNode[] {
  return (children[parentCode] ?? []).map((node) => {
    const loaded = children[node.id];
    return {
      key: node.id,
      title: node.title,
      isLeaf: !node.hasChildren && !(loaded && loaded.length > 0),
      children: loaded ? regionTreeData(children, node.id) : undefined,
    };
  });
}

interface Selected {
  code: string;
  name: string;
  level: number;
}

const fields: CrudConfig['fields'] = {
  parentCode: { hideInForm: true, hideInSearch: true, hideInTable: true },
  regionLevel: { options: REGION_LEVEL, hideInSearch: true, width: 100 },
  code: { width: 140 },
  sort: { width: 80 },
};

/**
 * /system/region/index: the region tree (provinces → cities → districts, loaded on expand) beside the regions
 * directly under the chosen node, where regions are added, edited and deleted.
 */
export function RegionPage() {
  const { t } = useTranslation();
  const [children, setChildren] = useState<Record<string, RegionNode[]>>({});
  const [expanded, setExpanded] = useState<string[]>([]);
  const [selected, setSelected] = useState<Selected | null>(null);
  const roots = useQuery({
    queryKey: ['region-tree', REGION_ROOT],
    queryFn: async () => {
      const nodes = await loadChildren(REGION_ROOT);
      setChildren((known) => ({ ...known, [REGION_ROOT]: nodes }));
      return nodes;
    },
    gcTime: 0,
  });

  /** Loads one level again after a write; the parent opens when it gained its first child. */
  const refresh = useCallback(async (parentCode: string) => {
    const nodes = await loadChildren(parentCode);
    setChildren((known) => ({ ...known, [parentCode]: nodes }));
    if (parentCode !== REGION_ROOT && nodes.length > 0) {
      setExpanded((keys) => (keys.includes(parentCode) ? keys : [...keys, parentCode]));
    }
  }, []);

  const nodeByCode = useMemo(() => {
    const map = new Map<string, RegionNode>();
    for (const list of Object.values(children)) {
      for (const node of list) {
        map.set(node.id, node);
      }
    }
    return map;
  }, [children]);

  const parentCode = selected?.code ?? REGION_ROOT;
  const level = selected ? selected.level + 1 : 1;
  const config = useMemo<CrudConfig>(
    () => ({
      resource: regionResource,
      fields,
      dateRange: false,
      dialogWidth: 700,
      params: { parentCode },
      defaults: { parentCode, regionLevel: Math.min(level, MAX_LEVEL), sort: 0 },
      buttons: level > MAX_LEVEL ? { add: false } : undefined,
      onSaved: (saved) => void refresh(String(saved.parentCode ?? parentCode)).catch(() => undefined),
      onRemoved: () => void refresh(parentCode).catch(() => undefined),
    }),
    [parentCode, level, refresh],
  );

  let tree: ReactNode;
  if (roots.isLoading) {
    tree = <Spin />;
  } else if (roots.isError) {
    tree = (
      <Result
        status="error"
        title={t('common.loadFailed')}
        extra={<Button onClick={() => void roots.refetch()}>{t('common.retry')}</Button>}
      />
    );
  } else if ((children[REGION_ROOT] ?? []).length === 0) {
    tree = <Empty description={t('common.empty')} />;
  } else {
    tree = (
      <Tree
        blockNode
        treeData={regionTreeData(children)}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys.map(String))}
        selectedKeys={selected ? [selected.code] : []}
        loadData={async (node) => {
          const code = String(node.key);
          if (!children[code]) {
            await refresh(code);
          }
        }}
        onSelect={(keys) => {
          const code = keys.length > 0 ? String(keys[0]) : '';
          const node = nodeByCode.get(code);
          setSelected(node ? { code, name: node.title, level: node.regionLevel } : null);
        }}
      />
    );
  }

  return (
    <GridRow gutter={12} wrap={false}>
      <Col flex="280px">
        <Card
          variant="borderless"
          size="small"
          title={t('region.tree')}
          data-testid="region-tree"
          extra={
            selected ? (
              <Button type="link" size="small" onClick={() => setSelected(null)}>
                {t('region.root')}
              </Button>
            ) : null
          }
          styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflow: 'auto' } }}
        >
          {tree}
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Card
          variant="borderless"
          size="small"
          title={t('region.children', { name: selected?.name ?? t('region.root') })}
          data-testid="region-children"
          styles={{ body: { padding: 0 } }}
        >
          <CrudPage config={config} />
        </Card>
      </Col>
    </GridRow>
  );
}
