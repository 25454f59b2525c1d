import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { codeResource } from '@yuan/contract/develop/code';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import { hasPermission } from '../../../shared/crud/permissions.ts';
import type { CrudConfig, CrudContext, Row } from '../../../shared/crud/types.ts';
import { useListEditor } from '../../../shared/crud/useListEditor.ts';
import { toastSuccess, toastWarning } from '../../../shared/ui/feedback.ts';
import { useSession } from '../../../stores/session.ts';
import { CODE_FIELDS, CodeDialog } from './CodeDialog.tsx';
import { codeApi } from './codeApi.ts';

/**
 * /tool/code: the code generator's records (the generic CRUD of codeResource). Add and edit open a dialog whose table
 * name offers the chosen datasource's tables; a row can be copied, and the selected rows' code downloaded as a zip.
 */
export function CodePage() {
  const { t } = useTranslation();
  const permission = useSession((state) => state.permission);
  const { editing, open: openDialog, close: closeDialog } = useListEditor();
  const [generating, setGenerating] = useState(false);

  const config = useMemo<CrudConfig>(() => {
    const can = (code: string) => hasPermission(permission, code);
    const edit = (context: CrudContext, row?: Row) => openDialog(context, row?.id);
    const generate = (context: CrudContext) => {
      if (context.selected.length === 0) {
        toastWarning(t('crud.selectOne'));
        return;
      }
      setGenerating(true);
      codeApi
        .generate(
          context.selected.map((row) => row.id),
          t('builder.code.genFailed'),
        )
        .catch(() => undefined)
        .finally(() => setGenerating(false));
    };
    // A copy changes nothing that exists (it adds a record to edit), so it asks no confirmation.
    const copy = (row: Row, context: CrudContext) => {
      codeApi
        .copy(row.id)
        .then(() => {
          toastSuccess(t('builder.code.copied'));
          context.reload();
        })
        .catch(() => undefined);
    };
    return {
      resource: codeResource,
      fields: CODE_FIELDS,
      // Add and edit are this screen's dialog (the table name depends on the datasource chosen in it).
      buttons: { add: false, edit: false },
      rowActionCount: 2,
      add: can('code_add') ? { onClick: (context) => edit(context), testId: 'code-add' } : undefined,
      toolbar: (context) => (
        <>
          {can('code_gen') ? (
            <Button
              icon={<DownloadOutlined />}
              loading={generating}
              onClick={() => generate(context)}
              data-testid="code-gen"
            >
              {t('builder.code.generate')}
            </Button>
          ) : null}
        </>
      ),
      rowActions: (row, context) => (
        <>
          {can('code_edit') ? (
            <Button type="link" size="small" onClick={() => edit(context, row)} data-testid="code-edit">
              {t('crud.edit')}
            </Button>
          ) : null}
          {can('code_copy') ? (
            <Button
              type="link"
              size="small"
              icon={<CopyOutlined />}
              onClick={() => copy(row, context)}
              data-testid="code-copy"
            >
              {t('builder.code.copy')}
            </Button>
          ) : null}
        </>
      ),
    };
  }, [permission, generating, openDialog, t]);

  return (
    <>
      <CrudPage config={config} />
      {editing ? <CodeDialog key={editing.nonce} id={editing.id} onClose={closeDialog} /> : null}
    </>
  );
}
