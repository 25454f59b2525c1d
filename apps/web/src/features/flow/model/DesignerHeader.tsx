import {
  ArrowLeftOutlined,
  CloudUploadOutlined,
  DownloadOutlined,
  SaveOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, Form, type FormInstance, Input, Space, Tag, Tooltip, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { MODEL_KEY_PATTERN } from '../bpmn/properties.ts';
import type { ModelHeader } from './useModelActions.ts';

interface Props {
  form: FormInstance<ModelHeader>;
  initial: Partial<ModelHeader>;
  isNew: boolean;
  dirty: boolean;
  saving: boolean;
  canSave: boolean;
  canDeploy: boolean;
  onChange: () => void;
  onBack: () => void;
  onSave: () => void;
  onDeploy: () => void;
  onImport: (file: File) => void;
  onDownload: () => void;
}

/** The designer's title bar: back, the model's key, name, category and description, and its actions. */
export function DesignerHeader(props: Props) {
  const { t } = useTranslation();
  const { form, isNew, dirty, saving, canSave, canDeploy } = props;
  const required = (label: string) => [{ required: true, message: t('crud.placeholder', { label }) }];
  return (
    <div className="flow-designer-head">
      <Space wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={props.onBack} data-testid="flow-designer-back">
          {t('flow.model.back')}
        </Button>
        <Typography.Text strong>
          {isNew ? t('flow.model.newTitle') : t('flow.model.editTitle')}
        </Typography.Text>
        {dirty ? (
          <Tag color="orange" data-testid="flow-designer-dirty">
            {t('flow.model.unsaved')}
          </Tag>
        ) : null}
      </Space>
      <Form
        form={form}
        layout="inline"
        name="flow-model-head"
        initialValues={props.initial}
        onValuesChange={props.onChange}
        className="flow-designer-form"
      >
        <Form.Item
          name="modelKey"
          label={t('flow.model.modelKey')}
          tooltip={t('flow.model.modelKeyHint')}
          rules={[
            ...required(t('flow.model.modelKey')),
            { pattern: MODEL_KEY_PATTERN, message: t('flow.model.modelKeyRule') },
          ]}
        >
          <Input style={{ width: 160 }} maxLength={64} />
        </Form.Item>
        <Form.Item name="name" label={t('flow.model.name')} rules={required(t('flow.model.name'))}>
          <Input style={{ width: 160 }} maxLength={128} />
        </Form.Item>
        <Form.Item name="category" label={t('flow.model.category')}>
          <Input style={{ width: 120 }} maxLength={64} />
        </Form.Item>
        <Form.Item name="description" label={t('flow.model.description')}>
          <Input style={{ width: 180 }} maxLength={500} />
        </Form.Item>
      </Form>
      <Space wrap>
        <Upload
          accept=".bpmn,.xml,.bpmn20.xml"
          showUploadList={false}
          beforeUpload={(file) => {
            props.onImport(file);
            // The file is read here, never posted by the upload control.
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid="flow-designer-import">
            {t('flow.model.importXml')}
          </Button>
        </Upload>
        <Button icon={<DownloadOutlined />} onClick={props.onDownload} data-testid="flow-designer-download">
          {t('flow.model.downloadXml')}
        </Button>
        {canSave ? (
          <Tooltip title={t('flow.model.saveHint')}>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={saving}
              onClick={props.onSave}
              data-testid="flow-designer-save"
            >
              {t('flow.model.save')}
            </Button>
          </Tooltip>
        ) : null}
        {canDeploy ? (
          <Button icon={<CloudUploadOutlined />} onClick={props.onDeploy} data-testid="flow-designer-deploy">
            {t('flow.model.deploy')}
          </Button>
        ) : null}
      </Space>
    </div>
  );
}
