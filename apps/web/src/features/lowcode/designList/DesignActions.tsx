import { useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CrudContext, Row } from '../../../shared/crud/types.ts';
import { usePermission } from '../../../shared/hooks/usePermission.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { copyDesign, type DesignKind, makeDefault } from './designApi.ts';
import { forgetDefaultPages } from './useDefaultPage.ts';

interface DesignActionsProps {
  kind: DesignKind;
  row: Row;
  context: CrudContext;
}

/** A design's row actions: open the designer, (grids) open the data, copy, make it the entity's default. */
export function DesignActions({ kind, row, context }: DesignActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const canCopy = usePermission(`${kind}_copy`);
  const canDefault = usePermission(`${kind}_default`);
  // A refusal is shown by the request client with the server's reason.
  const copy = async () => {
    await copyDesign(kind, row.id);
    toastSuccess(t('lowcode.design.copied'));
    context.reload();
  };
  const setDefault = async () => {
    await makeDefault(kind, row.id);
    forgetDefaultPages(client);
    toastSuccess(t('crud.done'));
    context.reload();
  };
  return (
    <Space size={0}>
      <Button
        type="link"
        size="small"
        onClick={() => navigate(`/${kind}/edit/${row.id}`)}
        data-testid="design-open"
      >
        {t('lowcode.design.design')}
      </Button>
      {kind === 'grid' ? (
        <Button
          type="link"
          size="small"
          onClick={() => navigate(`/grid/detail/${row.id}`)}
          data-testid="design-data"
        >
          {t('lowcode.design.data')}
        </Button>
      ) : null}
      {canCopy ? (
        <Button
          type="link"
          size="small"
          onClick={() => void copy().catch(() => undefined)}
          data-testid="design-copy"
        >
          {t('lowcode.design.copy')}
        </Button>
      ) : null}
      {canDefault && row.isDefault !== true ? (
        <Button
          type="link"
          size="small"
          onClick={() => void setDefault().catch(() => undefined)}
          data-testid="design-default"
        >
          {t('lowcode.design.makeDefault')}
        </Button>
      ) : null}
    </Space>
  );
}
