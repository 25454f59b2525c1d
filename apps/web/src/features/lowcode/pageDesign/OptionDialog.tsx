import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { DicItem } from '@yuan/contract/lowcode/form-json';
import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';

type ValueType = 'string' | 'number';

interface OptionRow {
  label?: string;
  value?: string;
}

interface OptionValues {
  valueType: ValueType;
  items: OptionRow[];
}

function typed(value: string, valueType: ValueType): string | number {
  const number = Number(value);
  return valueType === 'number' && value.trim() !== '' && Number.isFinite(number) ? number : value;
}

/** The rows of a static list as the dialog edits them, and the type their values are stored as. */
function initialValues(items: readonly DicItem[]): OptionValues {
  const numeric = items.length > 0 && items.every((item) => typeof item.value === 'number');
  return {
    valueType: numeric ? 'number' : 'string',
    items: items.map((item) => ({ label: item.label, value: String(item.value) })),
  };
}

interface OptionDialogProps {
  open: boolean;
  items: readonly DicItem[];
  onOk: (items: DicItem[]) => void;
  onCancel: () => void;
}

/** SPEC §5 option dialog: each row needs a label and a value, values differ, and are kept as text or number. */
export function OptionDialog({ open, items, onOk, onCancel }: OptionDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OptionValues>();
  const submit = async () => {
    const values = await form.validateFields();
    onOk(
      (values.items ?? []).map((row) => ({
        label: row.label ?? '',
        value: typed(row.value ?? '', values.valueType),
      })),
    );
  };
  const duplicate = (index: number, value: string | undefined) => {
    const rows = (form.getFieldValue('items') as OptionRow[] | undefined) ?? [];
    return rows.some((row, other) => other !== index && row?.value !== undefined && row.value === value);
  };
  return (
    <ActionDialog
      open={open}
      title={t('pageDesign.option.title')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      okText={t('common.ok')}
    >
      <Form form={form} initialValues={initialValues(items)} preserve={false}>
        <Form.Item name="valueType" label={t('pageDesign.option.valueType')}>
          <Select
            aria-label="valueType"
            options={[
              { value: 'string', label: 'String' },
              { value: 'number', label: 'Number' },
            ]}
          />
        </Form.Item>
        <Form.List name="items">
          {(rows, { add, remove }) => (
            <>
              {rows.map((row) => (
                <Space key={row.key} align="start" data-testid="option-row">
                  <Form.Item
                    name={[row.name, 'label']}
                    rules={[
                      { required: true, whitespace: true, message: t('pageDesign.option.labelRequired') },
                    ]}
                  >
                    <Input placeholder={t('pageDesign.option.label')} aria-label="option label" />
                  </Form.Item>
                  <Form.Item
                    name={[row.name, 'value']}
                    rules={[
                      { required: true, whitespace: true, message: t('pageDesign.option.valueRequired') },
                      {
                        validator: (_rule, value: string | undefined) =>
                          value && duplicate(row.name, value)
                            ? Promise.reject(new Error(t('pageDesign.option.duplicate')))
                            : Promise.resolve(),
                      },
                    ]}
                  >
                    <Input placeholder={t('pageDesign.option.value')} aria-label="option value" />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('pageDesign.canvas.remove')}
                    onClick={() => remove(row.name)}
                  />
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({})} block type="dashed">
                {t('pageDesign.option.add')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </ActionDialog>
  );
}
