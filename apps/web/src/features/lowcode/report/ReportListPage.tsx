import { reportResource } from '@yuan/contract/develop/report';
import { Button } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import { hasButton } from '../../../shared/crud/permissions.ts';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import { useListEditor } from '../../../shared/crud/useListEditor.ts';
import { useSession } from '../../../stores/session.ts';
import { ReportDesigner } from './ReportDesigner.tsx';
import { ReportViewer } from './ReportViewer.tsx';
import { useReportOpener } from './useReportOpener.ts';

const CODES = ['reportList'];

/**
 * /report/reportlist: the reports (the generic CRUD of reportResource) whose add and edit open the designer, and
 * whose view opens the viewer (its own tab where the menu has the route, else in place of the list).
 */
export function ReportListPage() {
  const { t } = useTranslation();
  const permission = useSession((state) => state.permission);
  const { opened, open, close } = useReportOpener();
  const { editing, open: openDesigner, close: closeDesigner } = useListEditor();
  const canAdd = hasButton(CODES, permission, 'add');
  const canEdit = hasButton(CODES, permission, 'edit');
  const canView = hasButton(CODES, permission, 'view');
  const config = useMemo<CrudConfig>(
    () => ({
      resource: reportResource,
      // Add, edit and view are the designer's and the viewer's, not the generic dialog's.
      buttons: { add: false, edit: false, view: false },
      rowActionCount: 2,
      add: canAdd ? { onClick: (context) => openDesigner(context), testId: 'report-add' } : undefined,
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
              onClick={() => openDesigner(context, row.id)}
              data-testid="report-edit"
            >
              {t('crud.edit')}
            </Button>
          ) : null}
        </>
      ),
    }),
    [canAdd, canEdit, canView, open, openDesigner, t],
  );
  return (
    <>
      {/* Hidden, not unmounted, while a report is open: the search and the page are there on the way back. */}
      <div hidden={opened !== null}>
        <CrudPage config={config} />
      </div>
      {opened ? <ReportViewer key={opened} id={opened} onBack={close} /> : null}
      {editing ? <ReportDesigner key={editing.nonce} id={editing.id} onClose={closeDesigner} /> : null}
    </>
  );
}
