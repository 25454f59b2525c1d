import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { Resource } from '@yuan/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../shared/api/files.ts';
import type { ParamValue } from '../../../shared/api/http.ts';
import { crudFields } from '../../../shared/crud/fields.ts';
import { hasButton, menuCodes } from '../../../shared/crud/permissions.ts';
import { buildListParams } from '../../../shared/crud/query.ts';
import type { CrudContext } from '../../../shared/crud/types.ts';
import { useSession } from '../../../stores/session.ts';
import { ENTITY_DATA_BASE } from '../api.ts';
import { EntityImportDialog } from './EntityImportDialog.tsx';

/** Where the rows' files go: the entity's own dtentity calls by default, another family's (the payees') when given. */
export interface RowFiles {
  /** Saves the rows the filters select as a file. */
  download: (filters: Record<string, ParamValue>, fallbackName: string, failureText: string) => Promise<void>;
  /** The upload that imports rows, with its query parameters (the mode is added). */
  importPath: string;
  importParams: Record<string, string>;
  /** The user's own rows (payees): whoever opens the screen may import and export them. */
  ownRows?: boolean;
}

/** The entity's own export and import (dtentity). */
export function entityFiles(entId: string): RowFiles {
  return {
    download: (filters, fallbackName, failureText) =>
      downloadFile(`${ENTITY_DATA_BASE}/exportEntity`, { ...filters, entId }, fallbackName, failureText),
    importPath: `${ENTITY_DATA_BASE}/entExcelParseSave`,
    importParams: { entId },
  };
}

/** Import and export buttons of an entity's rows, each shown to the holders of its button code. */
export function EntityDataToolbar(props: {
  entId: string;
  title: string;
  resource: Resource;
  context: CrudContext;
  /** What a designed grid offers of the two (default both); the button codes still decide. */
  offer?: { import: boolean; export: boolean };
  files?: RowFiles;
}) {
  const { t } = useTranslation();
  const permission = useSession((state) => state.permission);
  const files = props.files ?? entityFiles(props.entId);
  const can = (action: 'import' | 'export') =>
    (props.offer?.[action] ?? true) &&
    (files.ownRows === true || hasButton(menuCodes(props.resource), permission, action));
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const exportRows = async () => {
    // The rows the search bar shows, without the paging.
    const {
      current: _current,
      size: _size,
      ...filters
    } = buildListParams(
      { current: 1, size: 1, search: props.context.search, range: null },
      crudFields({ resource: props.resource }),
    );
    setExporting(true);
    try {
      await files.download(filters, `${props.title}.xlsx`, t('lowcode.import.exportFailed'));
    } catch {
      // The failure was shown as a toast.
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      {can('import') ? (
        <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="entity-import">
          {t('lowcode.import.button')}
        </Button>
      ) : null}
      {can('export') ? (
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={() => void exportRows()}
          data-testid="entity-export"
        >
          {t('lowcode.import.export')}
        </Button>
      ) : null}
      {importing ? (
        <EntityImportDialog
          path={files.importPath}
          params={files.importParams}
          title={props.title}
          onClose={(changed) => {
            setImporting(false);
            if (changed) {
              props.context.reload();
            }
          }}
        />
      ) : null}
    </>
  );
}
