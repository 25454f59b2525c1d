import { InboxOutlined } from '@ant-design/icons';
import { Alert, Modal, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../shared/api/http.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { flowServiceApi } from './api.ts';

interface Props {
  /** The module the file goes into ('0': the top). */
  parentId: string;
  parentName: string;
  /** Answers the id of the imported module when the server names it. */
  onDone: (id: string | null) => void;
  onClose: () => void;
}

/**
 * Imports an exported module file (.json) into a module or at the top. The server refuses the whole file when a path in it is
 * taken already; its message is shown here, and nothing was imported.
 */
export function ImportDialog({ parentId, parentName, onDone, onClose }: Props) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);

  const choose = (chosen: File) => {
    if (!/\.json$/i.test(chosen.name)) {
      setProblem(t('flow.service.importOnlyJson'));
      setFile(null);
    } else {
      setProblem('');
      setFile(chosen);
    }
    // The file is sent with the dialog's button, not by the upload widget.
    return false;
  };

  const submit = async () => {
    if (!file) {
      setProblem(t('flow.service.importChoose'));
      return;
    }
    setSaving(true);
    setProblem('');
    try {
      const answer = await flowServiceApi.importModule(parentId, file);
      toastSuccess(t('flow.service.imported', { count: answer?.imported ?? 0 }));
      onDone(answer?.id ?? null);
    } catch (error) {
      setProblem(error instanceof RequestError ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('flow.service.importTitle', { name: parentName })}
      mask={{ closable: false }}
      destroyOnHidden
      okText={t('flow.service.importStart')}
      cancelText={t('crud.cancel')}
      okButtonProps={{ loading: saving }}
      onOk={() => void submit()}
      onCancel={onClose}
      wrapProps={{ 'data-testid': 'flow-import-dialog' }}
    >
      {problem ? <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} /> : null}
      <Upload.Dragger
        accept=".json,application/json"
        multiple={false}
        maxCount={1}
        beforeUpload={choose}
        fileList={file ? [{ uid: 'chosen', name: file.name, status: 'done' }] : []}
        onRemove={() => setFile(null)}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <Typography.Text>{t('flow.service.importHint')}</Typography.Text>
      </Upload.Dragger>
    </Modal>
  );
}
