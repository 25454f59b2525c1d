import { ApiOutlined, FolderOutlined } from '@ant-design/icons';
import { Dropdown, Empty, Input, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsFor, type NodeAction } from './actions.ts';
import { actionItems } from './actionItems.tsx';
import { filterTree, flatten, moduleIds, type ServiceNode } from './tree.ts';
import type { FlowPermissions } from './useFlowPermissions.ts';

interface Props {
  nodes: ServiceNode[];
  selectedId: string | null;
  onSelect: (node: ServiceNode) => void;
  expanded: string[];
  onExpand: (keys: string[]) => void;
  can: FlowPermissions;
  onAction: (action: NodeAction, node: ServiceNode) => void;
}

function NodeTitle({
  node,
  can,
  onAction,
  t,
}: Pick<Props, 'can' | 'onAction'> & { node: ServiceNode; t: TFunction }) {
  const actions = actionsFor(node, can);
  const title = (
    <span
      className="flow-node"
      data-testid="flow-node"
      data-kind={node.kind}
      data-name={node.name}
      data-path={node.path}
    >
      {node.kind === 'module' ? <FolderOutlined /> : <ApiOutlined />}
      <span className="flow-node-name">{node.name}</span>
      {node.kind === 'service' && !node.enabled ? (
        <Tag className="flow-node-tag" data-testid="flow-node-disabled">
          {t('flow.service.disabledTag')}
        </Tag>
      ) : null}
      {node.kind === 'service' && node.path ? (
        <Typography.Text type="secondary" className="flow-node-path">
          {node.path}
        </Typography.Text>
      ) : null}
    </span>
  );
  if (actions.length === 0) {
    return title;
  }
  return (
    <Dropdown
      trigger={['contextMenu']}
      menu={{ items: actionItems(actions, t), onClick: ({ key }) => onAction(key as NodeAction, node) }}
    >
      {title}
    </Dropdown>
  );
}

/** The modules and services as a tree, searchable by name or path; right-click a node for its actions. */
export function ServiceTree({ nodes, selectedId, onSelect, expanded, onExpand, can, onAction }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searching = search.trim() !== '';
  const shown = useMemo(() => filterTree(nodes, search), [nodes, search]);

  const treeData = useMemo(() => {
    const toData = (list: ServiceNode[]): DataNode[] =>
      list.map((node) => ({
        key: node.id,
        title: <NodeTitle node={node} can={can} onAction={onAction} t={t} />,
        isLeaf: node.kind === 'service',
        children: toData(node.children),
      }));
    return toData(shown);
  }, [shown, can, onAction, t]);

  const byId = useMemo(() => new Map(flatten(nodes).map((node) => [node.id, node])), [nodes]);

  return (
    <div className="flow-tree" data-testid="flow-tree">
      <Input.Search
        allowClear
        placeholder={t('flow.service.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        style={{ marginBottom: 8 }}
        data-testid="flow-tree-search"
      />
      {nodes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('flow.service.emptyTree')} />
      ) : shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('flow.service.noMatch')} />
      ) : (
        <Tree
          blockNode
          treeData={treeData}
          // While searching every module of the result is open, so each match can be seen.
          expandedKeys={searching ? moduleIds(shown) : expanded}
          onExpand={(keys) => {
            if (!searching) {
              onExpand(keys.map(String));
            }
          }}
          selectedKeys={selectedId ? [selectedId] : []}
          onSelect={(_keys, info) => {
            const node = byId.get(String(info.node.key));
            if (node) {
              onSelect(node);
            }
          }}
        />
      )}
    </div>
  );
}
