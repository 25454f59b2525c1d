import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Spin, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { PreviewView } from './PreviewView.tsx';
import { usePackageImport } from './usePackageImport.ts';

interface ImportCardProps {
  /** The caller holds appPackage_import. */
  canImport: boolean;
}

/** Reads a package file, shows what importing it would do, and imports it once confirmed, all or nothing. */
export function ImportCard({ canImport }: ImportCardProps) {
  const { t } = useTranslation();
  const { file, preview, busy, problem, choose, clear, blocked, confirmImport } = usePackageImport();

  return (
    <Card title={t('appPackage.importTitle')} data-testid="app-package-import">
      <Upload.Dragger
        accept=".json,application/json"
        multiple={false}
        maxCount={1}
        beforeUpload={(chosen) => {
          choose(chosen);
          // The file is read by the preview call and sent again by the import button, not by the widget.
          return false;
        }}
        fileList={file ? [{ uid: 'chosen', name: file.name, status: 'done' }] : []}
        onRemove={clear}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <Typography.Text>{t('appPackage.uploadHint')}</Typography.Text>
      </Upload.Dragger>
      <Spin spinning={busy}>
        <div style={{ marginTop: 16 }}>
          {problem ? <Alert type="error" showIcon title={problem} data-testid="app-package-problem" /> : null}
          {preview ? <PreviewView preview={preview} /> : null}
        </div>
      </Spin>
      {canImport && preview ? (
        <Button
          type="primary"
          icon={<UploadOutlined />}
          style={{ marginTop: 12 }}
          disabled={blocked}
          onClick={confirmImport}
          data-testid="app-package-import-button"
        >
          {t('appPackage.import')}
        </Button>
      ) : null}
    </Card>
  );
}
