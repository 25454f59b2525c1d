import type { Resource } from '@yuan/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudConfig, FieldOptionMap, Row } from '../../../../shared/crud/types.ts';
import { usePermission } from '../../../../shared/hooks/usePermission.ts';
import { LogViewDialog } from './LogViewDialog.tsx';

/** Row action "view" (button code `${perm}_view`): the whole entry in a dialog. */
function LogViewAction({ resource, row }: { resource: Resource; row: Row }) {
  const { t } = useTranslation();
  const allowed = usePermission(`${resource.perm}_view`);
  const [open, setOpen] = useState(false);
  if (!allowed) {
    return null;
  }
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="log-view">
        {t('crud.view')}
      </Button>
      {open ? <LogViewDialog resource={resource} id={row.id} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/**
 * The CrudPage of a log: read-only, whatever buttons the menu grants (the server has no submit or remove for logs);
 * the generic view dialog is replaced by one that shows stacks and JSON as code.
 */
export function logConfig(resource: Resource, fields: FieldOptionMap = {}): CrudConfig {
  return {
    resource,
    fields,
    buttons: { view: false, add: false, edit: false, delete: false },
    rowActionCount: 1,
    rowActions: (row) => <LogViewAction resource={resource} row={row} />,
  };
}
