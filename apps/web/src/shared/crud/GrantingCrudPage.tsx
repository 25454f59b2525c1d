import { Button } from 'antd';
import { useState } from 'react';
import { usePermission } from '../hooks/usePermission.ts';
import { CrudPage } from './CrudPage/index.tsx';
import { type GrantData, GrantDialog, type GrantTab } from './GrantDialog.tsx';
import type { CrudConfig, Row } from './types.ts';

interface GrantingCrudPageProps {
  /** The screen's CRUD; the grant is its row action. */
  config: Omit<CrudConfig, 'rowActions'>;
  /** The button code that offers the grant. */
  permission: string;
  /** The row action's text; the dialog's title is this and the row's name. */
  label: string;
  testId: string;
  /** The row's field that names it in the dialog's title. */
  nameField: string;
  tabs: GrantTab[];
  load: (id: string) => Promise<GrantData>;
  submit: (id: string, keys: Record<string, string[]>) => Promise<unknown>;
}

/** A CRUD screen whose rows are granted other records (a role its menus and scopes, a top menu its menus). */
export function GrantingCrudPage({
  config,
  permission,
  label,
  testId,
  nameField,
  tabs,
  load,
  submit,
}: GrantingCrudPageProps) {
  const canGrant = usePermission(permission);
  const [granting, setGranting] = useState<Row | null>(null);
  const withGrant: CrudConfig = {
    ...config,
    rowActions: (row) =>
      canGrant ? (
        <Button type="link" size="small" onClick={() => setGranting(row)} data-testid={testId}>
          {label}
        </Button>
      ) : null,
  };
  return (
    <>
      <CrudPage config={withGrant} />
      {granting ? (
        <GrantDialog
          open
          title={`${label} ${String(granting[nameField] ?? '')}`}
          tabs={tabs}
          queryKey={[config.resource.name, granting.id]}
          load={() => load(granting.id)}
          submit={(keys) => submit(granting.id, keys)}
          onClose={() => setGranting(null)}
        />
      ) : null}
    </>
  );
}
