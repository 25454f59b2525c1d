import { PlusOutlined } from '@ant-design/icons';
import { reportResource } from '@yuan/contract/develop/report';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import { hasButton } from '../../../shared/crud/permissions.ts';
import type { CrudConfig, CrudContext } from '../../../shared/crud/types.ts';
import { useSession } from '../../../stores/session.ts';
import { ReportDesigner } from './ReportDesigner.tsx';
import { ReportViewer } from './ReportViewer.tsx';
import { useReportOpener } from './useReportOpener.ts';

const CODES = ['reportList'];

interface DesignerState {
  /** The report being edited; undefined for a new one. */
  id?: string;
  /** Changes on every opening: the designer mounts afresh. */
  nonce: number;
  /** The list's reload, for after a save. */
  reload: CrudContext['reload'];
}

/**
 * /report/reportlist: the reports (the generic CRUD of reportResource) whose add and edit open the designer, and
 * whose view opens the viewer (its own tab where the menu has the route, else in place of the list).
 */
export function ReportListPage() {
  const { t } = useTranslation();
  const permission = useSession((state) => state.permission);
  const { opened, open, close } = useReportOpener();
  const [designer, setDesigner] = useState<DesignerState | null>(null);
  const canAdd = hasButton(CODES, permission, 'add');
  const canEdit = hasButton(CODES, permission, 'edit');
  const canView = hasButton(CODES, permission, 'view');
  const config = useMemo<CrudConfig>(
    () => ({
      resource: reportResource,
      // Add, edit and view are the designer's and the viewer's, not the generic dialog's.
      buttons: { add: false, edit: false, view: false },
      rowActionCount: 2,
      toolbar: (context) =>
        canAdd ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDesigner((d) => ({ nonce: (d?.nonce ?? 0) + 1, reload: context.reload }))}
            data-testid="report-add"
          >
            {t('crud.add')}
          </Button>
        ) : null,
      rowActions: (row, context) => (
        <>
          {canView ? (
            <Button type="link" size="small" onClick={() => open(row.id)} data-testid="report-view">
              {t('crud.view')}
            </Button>
          ) : null}
          {canEdit ? (
            <Button
              type="link"
              size="small"
              onClick={() =>
                setDesigner((d) => ({ id: row.id, nonce: (d?.nonce ?? 0) + 1, reload: context.reload }))
              }
              data-testid="report-edit"
            >
              {t('crud.edit')}
            </Button>
          ) : null}
        </>
      ),
    }),
    [canAdd, canEdit, canView, open, t],
  );
  return (
    <>
      {/* Hidden, not unmounted, while a report is open: the search and the page are there on the way back. */}
      <div hidden={opened !== null}>
        <CrudPage config={config} />
      </div>
      {opened ? <ReportViewer key={opened} id={opened} onBack={close} /> : null}
      {designer ? (
        <ReportDesigner
          key={designer.nonce}
          id={designer.id}
          onClose={(saved) => {
            setDesigner(null);
            if (saved) {
              designer.reload();
            }
          }}
        />
      ) : null}
    </>
  );
}
