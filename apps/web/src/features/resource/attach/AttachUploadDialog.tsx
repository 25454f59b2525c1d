import { InboxOutlined } from '@ant-design/icons';
import { UPLOAD_LIMIT } from '@yuan/contract/constants';
import { Alert, Progress, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PutFileResult } from '../../../shared/api/putFile.ts';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { toastWarning } from '../../../shared/ui/feedback.ts';
import { type UploadItem, useAttachUpload } from './useAttachUpload.ts';

/** One chosen file: its progress, then its link, or the server's reason for refusing it. */
function UploadLine({ item }: { item: UploadItem }) {
  return (
    <div style={{ marginBottom: 8 }} data-testid="attach-upload-item" data-state={item.state}>
      {item.state === 'done' && item.link ? (
        <Typography.Link href={item.link} target="_blank" rel="noopener noreferrer">
          {item.name}
        </Typography.Link>
      ) : (
        <Typography.Text>{item.name}</Typography.Text>
      )}
      {item.state === 'error' ? (
        <Alert type="error" showIcon title={item.message} data-testid="attach-upload-error" />
      ) : (
        <Progress percent={item.percent} size="small" status={item.state === 'done' ? 'success' : 'active'} />
      )}
    </div>
  );
}

interface AttachUploadDialogProps {
  onUploaded: (result: PutFileResult) => void;
  onClose: () => void;
}

/**
 * The upload dialog of the attachment screen: each file dropped or chosen here goes to put-file at once, with its own
 * progress; a refused file shows the server's reason. Closing does not cancel uploads in flight: they still finish.
 */
export function AttachUploadDialog({ onUploaded, onClose }: AttachUploadDialogProps) {
  const { t } = useTranslation();
  const { items, upload } = useAttachUpload(onUploaded);
  return (
    <ActionDialog
      title={t('attach.uploadTitle')}
      footer={null}
      onCancel={onClose}
      testId="attach-upload-dialog"
    >
      <Upload.Dragger
        multiple
        showUploadList={false}
        beforeUpload={(file, batch) => {
          // The whole batch is refused when it is too large, rather than silently keeping its first files.
          if (batch.length > UPLOAD_LIMIT) {
            if (file === batch[0]) {
              toastWarning(t('attach.tooMany', { max: String(UPLOAD_LIMIT) }));
            }
            return Upload.LIST_IGNORE;
          }
          upload(file.uid, file);
          // The file is posted by useAttachUpload (with progress), not by antd's own request.
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('attach.uploadHint')}</p>
        <p className="ant-upload-hint">{t('attach.uploadLimit', { max: String(UPLOAD_LIMIT) })}</p>
      </Upload.Dragger>
      {items.length > 0 ? (
        <div style={{ marginTop: 12 }} data-testid="attach-upload-list">
          {items.map((item) => (
            <UploadLine key={item.uid} item={item} />
          ))}
        </div>
      ) : null}
    </ActionDialog>
  );
}
