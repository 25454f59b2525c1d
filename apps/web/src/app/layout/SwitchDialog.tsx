import { useQuery } from '@tanstack/react-query';
import { App, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { refreshTokenCall } from '../../shared/api/auth.ts';
import { call } from '../../shared/api/http.ts';
import { saveTokens } from '../../shared/auth/token.ts';
import { ActionDialog } from '../../shared/components/ActionDialog.tsx';
import { useSession } from '../../stores/session.ts';

interface Option {
  id: string;
  deptName?: string;
  roleName?: string;
}

interface SwitchForm {
  deptId: string;
  roleId: string;
}

function options(
  ids: string | undefined,
  rows: Option[] | undefined,
  name: (row: Option) => string | undefined,
) {
  if (rows && rows.length > 0) {
    return rows.map((row) => ({ value: row.id, label: name(row) ?? row.id }));
  }
  return (ids ?? '')
    .split(',')
    .filter(Boolean)
    .map((id) => ({ value: id, label: id }));
}

/** Switch department/role (switch mode only): refreshes the token with Dept-Id/Role-Id, then reloads. */
export function SwitchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SwitchForm>();
  const user = useSession((state) => state.userInfo);
  const tenantId = useSession((state) => state.tenantId);
  const depts = useQuery({
    queryKey: ['dept-select', user?.user_id],
    queryFn: () => call<Option[]>('/api/yuan-system/dept/select', { params: { userId: user?.user_id } }),
    enabled: open,
  });
  const roles = useQuery({
    queryKey: ['role-select', user?.user_id],
    queryFn: () => call<Option[]>('/api/yuan-system/role/select', { params: { userId: user?.user_id } }),
    enabled: open,
  });

  const onOk = async () => {
    const values = await form.validateFields();
    const refresh = useSession.getState().refreshToken;
    const response = await refreshTokenCall(refresh, tenantId, values.deptId, values.roleId);
    saveTokens(response.access_token, response.refresh_token);
    useSession.getState().applyLogin(response);
    message.success(t('common.success'));
    onClose();
    window.location.reload();
  };

  return (
    <ActionDialog
      open={open}
      title={t('switch.title')}
      onCancel={onClose}
      onOk={() => void onOk().catch(() => undefined)}
      okText={t('common.ok')}
    >
      <Form<SwitchForm>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ deptId: user?.dept_id?.split(',')[0], roleId: user?.role_id?.split(',')[0] }}
      >
        <Form.Item
          name="deptId"
          label={t('switch.dept')}
          rules={[{ required: true, message: t('switch.deptRequired') }]}
        >
          <Select
            loading={depts.isLoading}
            options={options(user?.dept_id, depts.data, (row) => row.deptName)}
          />
        </Form.Item>
        <Form.Item
          name="roleId"
          label={t('switch.role')}
          rules={[{ required: true, message: t('switch.roleRequired') }]}
        >
          <Select
            loading={roles.isLoading}
            options={options(user?.role_id, roles.data, (row) => row.roleName)}
          />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
