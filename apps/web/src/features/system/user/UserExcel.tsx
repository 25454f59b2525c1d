import { UploadOutlined } from '@ant-design/icons';
import { TEXT_MAX } from '@yuan/contract/field-schema';
import type { FormField } from '@yuan/contract/lowcode/form-json';
import { Alert, Button, Form, Space, Spin, Switch, Typography, Upload } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, uploadFile } from '../../../shared/api/files.ts';
import { call, RequestError } from '../../../shared/api/http.ts';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { pick } from '../../../shared/crud/fields.ts';
import type { Row } from '../../../shared/crud/types.ts';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { SchemaFields } from '../../../shared/schema-form/SchemaFields.tsx';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { USER_TYPE } from '../options.ts';

const USER = '/api/yuan-user';
/** Largest accepted import file. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** Why a chosen file cannot be imported, or null: one .xlsx file of at most 5 MB. */
export function importFileProblem(file: { name: string; size: number }): 'type' | 'size' | null {
  if (!/\.xlsx$/i.test(file.name)) {
    return 'type';
  }
  if (file.size > IMPORT_MAX_BYTES) {
    return 'size';
  }
  return null;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Exports the users matching the search bar (account, real name) as an .xlsx file. */
export async function exportUsers(search: Record<string, unknown>, failureText: string): Promise<void> {
  await downloadFile(
    `${USER}/export-user`,
    { account: text(search.account), realName: text(search.realName) },
    'users.xlsx',
    failureText,
  );
}

export async function exportTemplate(failureText: string): Promise<void> {
  await downloadFile(`${USER}/export-template`, {}, 'user-template.xlsx', failureText);
}

/** Import dialog: one .xlsx file (checked before upload), the overwrite switch; reports the saved count. */
export function UserImportDialog({ onClose }: { onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [covered, setCovered] = useState(false);
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!file) {
      setProblem(t('user.importChoose'));
      return;
    }
    setSaving(true);
    setProblem('');
    try {
      const saved = await uploadFile<number>(`${USER}/import-user`, file, file.name, {
        params: { isCovered: covered ? 1 : 0 },
        silent: true,
      });
      toastSuccess(t('user.imported', { count: String(saved) }));
      onClose(true);
    } catch (error) {
      setProblem(error instanceof RequestError ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <ActionDialog
      title={t('user.importTitle')}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      okText={t('crud.submit')}
      cancelText={t('crud.cancel')}
      busy={saving}
      testId="user-import-dialog"
    >
      {problem ? <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} /> : null}
      <Form layout="horizontal" labelCol={{ flex: '140px' }} name="user-import">
        <Form.Item label={t('user.importFile')} required extra={t('user.importHint')}>
          <Upload
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxCount={1}
            fileList={file ? [{ uid: 'import', name: file.name, status: 'done' }] : []}
            beforeUpload={(chosen) => {
              const wrong = importFileProblem(chosen);
              if (wrong) {
                setFile(null);
                setProblem(t(wrong === 'type' ? 'user.importType' : 'user.importSize'));
              } else {
                setFile(chosen);
                setProblem('');
              }
              return Upload.LIST_IGNORE;
            }}
            onRemove={() => setFile(null)}
          >
            <Button icon={<UploadOutlined />} data-testid="user-import-pick">
              {t('user.importPick')}
            </Button>
          </Upload>
          {file ? (
            <Space style={{ marginTop: 8 }}>
              <Typography.Text data-testid="user-import-file">{file.name}</Typography.Text>
              <Button type="link" size="small" onClick={() => setFile(null)}>
                {t('crud.delete')}
              </Button>
            </Space>
          ) : null}
        </Form.Item>
        <Form.Item label={t('user.importCovered')}>
          <Switch checked={covered} onChange={setCovered} data-testid="user-import-covered" />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Button
            type="link"
            style={{ padding: 0 }}
            onClick={() => void exportTemplate(t('user.exportFailed')).catch(() => undefined)}
          >
            {t('user.template')}
          </Button>
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}

interface PlatformDetail {
  id: string;
  userType: number | null;
  userExt: string | null;
}

interface PlatformValues {
  userType?: number;
  userExt?: string;
}

/** Platform settings of one user: the platform (1–9) and free extension text (often JSON). */
export function UserPlatformDialog({ row, onClose }: { row: Row; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [form] = Form.useForm<PlatformValues>();
  const [detail, setDetail] = useState<PlatformDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState('');
  useEffect(() => {
    let live = true;
    call<PlatformDetail>(`${USER}/platform-detail`, { params: { id: row.id }, guard: false }).then(
      (loaded) => live && setDetail(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [row.id]);
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    setServerError('');
    try {
      await call(`${USER}/update-platform`, {
        method: 'POST',
        body: { userId: row.id, userType: values.userType, userExt: values.userExt ?? '' },
      });
      toastSuccess(t('crud.updated'));
      onClose(true);
    } catch (error) {
      setServerError(error instanceof RequestError ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };
  const known = USER_TYPE.map((o) => Number(o.value));
  const options = [
    ...USER_TYPE.map((o) => ({ value: Number(o.value), label: pick(o.label, lang) })),
    ...[4, 5, 6, 7, 8, 9].filter((v) => !known.includes(v)).map((v) => ({ value: v, label: String(v) })),
  ];
  const fields: FormField[] = [
    {
      type: 'select',
      prop: 'userType',
      label: t('user.userType'),
      placeholder: t('user.chooseType'),
      dicData: options,
    },
    { type: 'textarea', prop: 'userExt', label: t('user.userExt'), minRows: 6, maxRows: 6 },
  ];
  const rules: Record<string, Rule[]> = {
    userType: [{ required: true, type: 'number', message: t('user.chooseType') }],
    // Free text, often JSON: what looks like JSON must parse.
    userExt: [
      { type: 'string', max: TEXT_MAX },
      {
        validator: async (_, value: unknown) => {
          const raw = typeof value === 'string' ? value.trim() : '';
          if (raw.startsWith('{') || raw.startsWith('[')) {
            try {
              JSON.parse(raw);
            } catch {
              throw new Error(t('user.extJson'));
            }
          }
        },
      },
    ],
  };
  return (
    <ActionDialog
      title={`${t('user.platform')} · ${String(row.account ?? '')}`}
      onCancel={() => onClose(false)}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('crud.submit')}
      cancelText={t('crud.cancel')}
      busy={saving}
      okButtonProps={{ disabled: !detail }}
      testId="user-platform-dialog"
    >
      {failed ? <Alert type="error" showIcon title={t('common.loadFailed')} /> : null}
      {!detail && !failed ? <Spin /> : null}
      {serverError ? <Alert type="error" showIcon title={serverError} style={{ marginBottom: 12 }} /> : null}
      {detail ? (
        <Form
          form={form}
          name="user-platform"
          labelCol={{ flex: '100px' }}
          initialValues={{ userType: detail.userType ?? undefined, userExt: detail.userExt ?? '' }}
        >
          <SchemaFields fields={fields} rules={rules} />
        </Form>
      ) : null}
    </ActionDialog>
  );
}
