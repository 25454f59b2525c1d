import { InboxOutlined } from '@ant-design/icons';
import { Form, Input, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { useBusy } from '../../../shared/hooks/useBusy.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { managerApi } from '../flowApi.ts';
import { TenantIdsInput } from '../TenantIdsInput.tsx';
import { usePlatformTenant } from '../usePlatformTenant.ts';
import { isProcessFile } from './deployments.ts';

interface Values {
  category: string;
  tenantIds?: string[];
}

/** Deploys .bpmn / .bpmn20.xml files as they are (manager/deploy-upload), under a category. */
export function UploadDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const platform = usePlatformTenant();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState('');
  const { busy, run } = useBusy();

  // A refusal (e.g. a file that is not BPMN) is shown by the request client with the server's reason.
  const submit = () =>
    run(async () => {
      const values = await form.validateFields();
      if (files.length === 0) {
        setProblem(t('flow.manager.uploadChoose'));
        return;
      }
      const result = await managerApi.upload({
        category: values.category.trim(),
        tenantIds: values.tenantIds ?? [],
        files,
      });
      const versions = result.definitions.map((d) => `${d.key} v${d.version}`).join(', ');
      toastSuccess(t('flow.manager.uploaded', { versions }));
      onDone();
      onClose();
    });

  const fileList: UploadFile[] = files.map((file, index) => ({
    uid: `${index}-${file.name}`,
    name: file.name,
    status: 'done',
  }));

  return (
    <ActionDialog
      testId="flow-upload-dialog"
      title={t('flow.manager.uploadTitle')}
      okText={t('flow.manager.upload')}
      busy={busy}
      onOk={submit}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" name="flow-upload">
        <Form.Item
          name="category"
          label={t('flow.manager.category')}
          rules={[{ required: true, whitespace: true, message: t('flow.manager.categoryRequired') }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        {platform ? (
          <Form.Item
            name="tenantIds"
            label={t('flow.deploy.tenantIds')}
            extra={t('flow.deploy.tenantIdsHint')}
          >
            <TenantIdsInput />
          </Form.Item>
        ) : null}
        <Form.Item
          label={t('flow.manager.files')}
          validateStatus={problem ? 'error' : undefined}
          help={problem || undefined}
        >
          <Upload.Dragger
            accept=".bpmn,.xml"
            multiple
            fileList={fileList}
            beforeUpload={(file) => {
              if (isProcessFile(file.name)) {
                setFiles((known) => [...known.filter((f) => f.name !== file.name), file]);
                setProblem('');
              } else {
                setProblem(t('flow.manager.uploadOnlyBpmn', { name: file.name }));
              }
              // The files go with the form's other fields in one request, not one by one.
              return false;
            }}
            onRemove={(removed) => setFiles((known) => known.filter((f) => f.name !== removed.name))}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{t('flow.manager.uploadHint')}</p>
          </Upload.Dragger>
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
