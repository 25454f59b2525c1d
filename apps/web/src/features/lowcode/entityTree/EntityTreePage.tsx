import {
  ApartmentOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Button, Card, Empty, Result, Space, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmRemove } from '../../../shared/crud/useConfirmRemove.ts';
import { useParams } from 'react-router';
import { AddButton } from '../../../shared/crud/AddButton.tsx';
import { CrudDialog, type DialogMode } from '../../../shared/crud/CrudDialog.tsx';
import { crudFields } from '../../../shared/crud/fields.ts';
import { allowedButtons, menuCodes } from '../../../shared/crud/permissions.ts';
import type { Row } from '../../../shared/crud/types.ts';
import { useSession } from '../../../stores/session.ts';
import { type EntityConfig, entityChildren } from '../api.ts';
import { BackToEntities, EntityGate } from '../entityData/EntityGate.tsx';
import { entityCrudConfig, titleFieldOf } from '../entityData/entityCrud.ts';

type Node = Row & { hasChildren: boolean };
const ROOT = '0';

/** /entity/tree/:id — a hierarchy entity's rows as a tree, loaded one level at a time. */
export function EntityTreePage() {
  const { t } = useTranslation();
  const entId = useParams().id ?? '';
  return (
    <EntityGate entId={entId}>
      {(data) =>
        data.treeField ? (
          <EntityTree entId={entId} data={data} />
        ) : (
          <Result
            status="warning"
            title={t('lowcode.tree.notTree')}
            extra={<BackToEntities />}
            data-testid="entity-tree-none"
          />
        )
      }
    </EntityGate>
  );
}

interface DialogState {
  mode: DialogMode;
  row: Row | null;
  parentId: string;
  nonce: number;
}

function EntityTree({ entId, data }: { entId: string; data: EntityConfig }) {
  const { t } = useTranslation();
  const permission = useSession((state) => state.permission);
  const [levels, setLevels] = useState<Record<string, Node[]>>({});
  const [failed, setFailed] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const titleField = titleFieldOf(data);
  const config = useMemo(() => entityCrudConfig(entId, data), [entId, data]);
  const fields = useMemo(() => crudFields(config), [config]);
  const allowed = allowedButtons(menuCodes(config.resource), permission);

  const load = useCallback(
    async (parentId: string) => {
      try {
        const rows = await entityChildren(entId, parentId);
        setLevels((current) => ({ ...current, [parentId]: rows }));
      } catch {
        setFailed(true);
      }
    },
    [entId],
  );
  useEffect(() => {
    void load(ROOT);
  }, [load]);
  // After a change every level shown so far is read again: a row may have moved to another parent.
  const reloadShown = () => Promise.all(Object.keys(levels).map((parentId) => load(parentId)));

  const toNodes = (parentId: string): DataNode[] =>
    (levels[parentId] ?? []).map((row) => ({
      key: row.id,
      title: String(titleField ? (row[titleField] ?? row.id) : row.id),
      isLeaf: !row.hasChildren,
      children: levels[row.id] ? toNodes(row.id) : undefined,
    }));
  // The selected row as last read: its children may have changed since it was clicked.
  const selected =
    Object.values(levels)
      .flat()
      .find((row) => row.id === selectedId) ?? null;

  const open = (mode: DialogMode, row: Row | null, parentId = ROOT) =>
    setDialog((d) => ({ mode, row, parentId, nonce: (d?.nonce ?? 0) + 1 }));
  const confirmRemove = useConfirmRemove();
  const remove = (row: Node) =>
    confirmRemove(
      [row],
      async () => config.api?.remove(row.id),
      async () => {
        setSelectedId(null);
        await reloadShown();
      },
    );

  if (failed) {
    return <Result status="error" title={t('common.loadFailed')} extra={<BackToEntities />} />;
  }
  const roots = levels[ROOT];
  return (
    <Card variant="borderless" data-testid="entity-tree">
      <Typography.Title level={5} style={{ margin: '0 0 8px' }}>
        <ApartmentOutlined /> {data.title}
      </Typography.Title>
      <Space style={{ marginBottom: 12 }} wrap>
        {allowed.add ? (
          <AddButton onClick={() => open('add', null)} testId="tree-add-root">
            {t('lowcode.tree.addRoot')}
          </AddButton>
        ) : null}
        {allowed.add ? (
          <Button
            icon={<PlusOutlined />}
            disabled={!selected}
            onClick={() => selected && open('add', null, selected.id)}
            data-testid="tree-add-child"
          >
            {t('lowcode.tree.addChild')}
          </Button>
        ) : null}
        <Button
          icon={<EyeOutlined />}
          disabled={!selected}
          onClick={() => selected && open('view', selected)}
        >
          {t('crud.view')}
        </Button>
        {allowed.edit ? (
          <Button
            icon={<EditOutlined />}
            disabled={!selected}
            onClick={() => selected && open('edit', selected)}
          >
            {t('crud.edit')}
          </Button>
        ) : null}
        {allowed.delete ? (
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={!selected}
            onClick={() => selected && remove(selected)}
          >
            {t('crud.delete')}
          </Button>
        ) : null}
      </Space>
      {roots === undefined ? <Spin style={{ display: 'block', margin: 24 }} /> : null}
      {roots?.length === 0 ? (
        <Empty description={t('lowcode.tree.empty')} data-testid="entity-tree-empty" />
      ) : null}
      {roots && roots.length > 0 ? (
        <div data-testid="entity-tree-nodes">
          <Tree
            showLine
            blockNode
            treeData={toNodes(ROOT)}
            loadedKeys={Object.keys(levels)}
            loadData={(node) => load(String(node.key))}
            selectedKeys={selectedId ? [selectedId] : []}
            onSelect={(keys) => setSelectedId(keys[0] === undefined ? null : String(keys[0]))}
          />
        </div>
      ) : null}
      {dialog ? (
        <CrudDialog
          key={dialog.nonce}
          config={{
            ...config,
            defaults: { [data.treeField]: dialog.parentId === ROOT ? undefined : dialog.parentId },
          }}
          fields={fields}
          mode={dialog.mode}
          row={dialog.row}
          open
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void reloadShown();
          }}
        />
      ) : null}
    </Card>
  );
}
