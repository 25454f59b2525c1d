import { dictBizResource, dictResource } from '@yuan/contract/system/dict';
import { Button, Card, Col, Empty, Row as GridRow, Segmented } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig, Row } from '../../../shared/crud/types.ts';
import { dictFields } from '../dict/dictFields.ts';

type Kind = 'system' | 'biz';

/** SPEC §9: the dictionary table dialog is 880 wide. */
export const DICT_DIALOG_WIDTH = 880;

function rootsConfig(kind: Kind, pick: (row: Row) => void, label: string): CrudConfig {
  return {
    resource: kind === 'system' ? dictResource : dictBizResource,
    id: `dict-roots-${kind}`,
    listPath: '/parent-list',
    lazyTree: false,
    defaults: { parentId: '0' },
    fields: { ...dictFields, parentId: { hideInForm: true, hideInTable: true, hideInSearch: true } },
    rowActions: (row) => (
      <Button type="link" size="small" onClick={() => pick(row)} data-testid="dict-config">
        {label}
      </Button>
    ),
  };
}

function itemsConfig(kind: Kind, root: Row): CrudConfig {
  return {
    resource: kind === 'system' ? dictResource : dictBizResource,
    id: `dict-items-${kind}`,
    listPath: '/child-list',
    lazyTree: false,
    params: { parentId: root.id },
    defaults: { parentId: root.id, code: root.code },
    fields: {
      ...dictFields,
      parentId: { hideInForm: true, hideInTable: true, hideInSearch: true },
      code: { hideInSearch: true },
    },
  };
}

/**
 * Dictionary management (/dict-horizontal/index, /dict-vertical/index): the dictionaries (roots) and the items of
 * the one chosen, side by side (horizontal) or in a dialog 880 wide stacked over the list (vertical).
 */
export function DictManager({ layout }: { layout: 'horizontal' | 'vertical' }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('system');
  const [root, setRoot] = useState<Row | null>(null);
  const roots = useMemo(() => rootsConfig(kind, setRoot, t('crud.dictConfig')), [kind, t]);
  const items = useMemo(() => (root ? itemsConfig(kind, root) : null), [kind, root]);
  const title = `${t('crud.dictItems')}${root ? ` · ${String(root.dictValue ?? '')} (${String(root.code ?? '')})` : ''}`;
  const switcher = (
    <Segmented<Kind>
      value={kind}
      onChange={(next) => {
        setKind(next);
        setRoot(null);
      }}
      options={[
        { value: 'system', label: t('crud.dictSystem') },
        { value: 'biz', label: t('crud.dictBiz') },
      ]}
    />
  );
  if (layout === 'vertical') {
    return (
      <>
        <div style={{ marginBottom: 12 }}>{switcher}</div>
        <CrudPage key={`roots-${kind}`} config={roots} />
        <ActionDialog
          open={items !== null}
          title={title}
          width={DICT_DIALOG_WIDTH}
          footer={null}
          onCancel={() => setRoot(null)}
          testId="dict-items-dialog"
        >
          {items ? <CrudPage key={`items-${kind}-${root?.id}`} config={items} /> : null}
        </ActionDialog>
      </>
    );
  }
  return (
    <>
      <div style={{ marginBottom: 12 }}>{switcher}</div>
      <GridRow gutter={12}>
        <Col xs={24} xl={12}>
          <CrudPage key={`roots-${kind}`} config={roots} />
        </Col>
        <Col xs={24} xl={12}>
          {items ? (
            <CrudPage key={`items-${kind}-${root?.id}`} config={items} />
          ) : (
            <Card variant="borderless" title={title}>
              <Empty description={t('crud.dictPick')} />
            </Card>
          )}
        </Col>
      </GridRow>
    </>
  );
}
