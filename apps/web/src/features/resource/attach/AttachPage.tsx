import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { attachResource } from '@yuan/contract/resource/storage';
import { isSafeUrl } from '@yuan/contract/safe-url';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig, CrudContext, Row } from '../../../shared/crud/types.ts';
import { usePermission } from '../../../shared/hooks/usePermission.ts';
import { AttachUploadDialog } from './AttachUploadDialog.tsx';
import { formatSize } from './size.ts';

/** The toolbar's upload button (button code attach_upload) and its dialog; the table reloads after each file. */
function UploadButton({ context }: { context: CrudContext }) {
  const { t } = useTranslation();
  const allowed = usePermission('attach_upload');
  const [open, setOpen] = useState(false);
  if (!allowed) {
    return null;
  }
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="attach-upload">
        {t('attach.upload')}
      </Button>
      {open ? (
        <AttachUploadDialog onUploaded={() => context.reload()} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

/** Row action: the stored file under its original name (button code attach_download). */
function DownloadLink({ row }: { row: Row }) {
  const { t } = useTranslation();
  const allowed = usePermission('attach_download');
  const link = safeLink(row.link);
  if (!allowed || !link) {
    return null;
  }
  const name = typeof row.originalName === 'string' && row.originalName ? row.originalName : String(row.name);
  return (
    <Button
      type="link"
      size="small"
      icon={<DownloadOutlined />}
      href={link}
      download={name}
      data-testid="attach-download"
    >
      {t('attach.download')}
    </Button>
  );
}

/** A stored link that may be followed; one saved before the address rule held is shown as text, never followed. */
function safeLink(value: unknown): string {
  return typeof value === 'string' && isSafeUrl(value) ? value : '';
}

export function LinkCell({ value }: { value: unknown }) {
  const link = safeLink(value);
  if (!link) {
    return typeof value === 'string' ? <Typography.Text>{value}</Typography.Text> : null;
  }
  return (
    <Typography.Link href={link} target="_blank" rel="noopener noreferrer">
      {link}
    </Typography.Link>
  );
}

const config: CrudConfig = {
  resource: attachResource,
  // Attachments are recorded by the upload, never typed in: no add or edit.
  buttons: { add: false, edit: false },
  fields: {
    link: { width: 320, render: (value) => <LinkCell value={value} /> },
    attachSize: { width: 110, render: (value) => formatSize(value) },
    extension: { width: 110 },
  },
  toolbar: (context) => <UploadButton context={context} />,
  rowActionCount: 1,
  rowActions: (row) => <DownloadLink row={row} />,
};

/** /resource/attach/index: stored files, uploaded here through the object storage, with their links. */
export function AttachPage() {
  return <CrudPage config={config} />;
}
