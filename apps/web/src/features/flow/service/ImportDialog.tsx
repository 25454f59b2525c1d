import { InboxOutlined } from '@ant-design/icons';
import { Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { useBusy } from '../../../shared/hooks/useBusy.ts';
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
  const { busy, run, problem, setProblem } = useBusy({ showProblem: true });

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

  const submit = () => {
    if (!file) {
      setProblem(t('flow.service.importChoose'));
      return;
    }
    void run(async () => {
      const answer = await flowServiceApi.importModule(parentId, file);
      toastSuccess(t('flow.service.imported', { count: answer?.imported ?? 0 }));
      onDone(answer?.id ?? null);
    });
  };

  return (
    <ActionDialog
      testId="flow-import-dialog"
      title={t('flow.service.importTitle', { name: parentName })}
      okText={t('flow.service.importStart')}
      busy={busy}
      problem={problem}
      onOk={submit}
      onCancel={onClose}
    >
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
    </ActionDialog>
  );
}
