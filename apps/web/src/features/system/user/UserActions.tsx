import { App, Button, Form, Space, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shared/api/http.ts';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { idsOf } from '../../../shared/crud/query.ts';
import { useSource } from '../../../shared/crud/sources.ts';
import type { CrudContext, Row } from '../../../shared/crud/types.ts';
import { toastSuccess, toastWarning } from '../../../shared/ui/feedback.ts';
import { useSession } from '../../../stores/session.ts';
import { exportUsers, UserImportDialog, UserPlatformDialog } from './UserExcel.tsx';

const USER = '/api/yuan-user';

function RoleGrantDialog({ rows, onClose }: { rows: Row[]; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const roles = useSource('roleTree');
  const [form] = Form.useForm<{ roleIds: string[] }>();
  const submit = async () => {
    const { roleIds } = await form.validateFields();
    await call(`${USER}/grant`, {
      method: 'POST',
      body: { userIds: idsOf(rows), roleIds: roleIds.join(',') },
    });
    toastSuccess(t('crud.done'));
    onClose(true);
  };
  return (
    <ActionDialog
      title={t('crud.roleGrant')}
      onCancel={() => onClose(false)}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('crud.submit')}
      cancelText={t('crud.cancel')}
    >
      <Form form={form} name="user-grant" labelCol={{ flex: '100px' }}>
        <Form.Item
          name="roleIds"
          label={t('user.roles')}
          rules={[{ required: true, message: t('user.chooseRoles') }]}
        >
          <TreeSelect multiple treeDefaultExpandAll treeData={roles.data ?? []} loading={roles.isLoading} />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}

/** Toolbar of the user screen: role grant, password and second-factor reset and unlock of the selected users (button codes of SPEC). */
export function UserToolbar({ context }: { context: CrudContext }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const permission = useSession((state) => state.permission);
  const [granting, setGranting] = useState<Row[] | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const runExport = () => {
    setExporting(true);
    exportUsers(context.search, t('user.exportFailed'))
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };
  const withSelection = (run: (rows: Row[]) => void) => () => {
    if (context.selected.length === 0) {
      toastWarning(t('crud.selectOne'));
      return;
    }
    run(context.selected);
  };
  const confirmCall = (content: string, path: string) =>
    withSelection((rows) =>
      modal.confirm({
        title: t('common.confirmTitle'),
        content,
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        onOk: async () => {
          await call(`${USER}/${path}`, { method: 'POST', body: { userIds: idsOf(rows) } });
          toastSuccess(t('crud.done'));
          context.reload();
        },
      }),
    );
  return (
    <>
      <Space wrap>
        {permission.user_role ? (
          <Button onClick={withSelection(setGranting)} data-testid="user-role">
            {t('crud.roleGrant')}
          </Button>
        ) : null}
        {permission.user_reset ? (
          <Button onClick={confirmCall(t('crud.resetConfirm'), 'reset-password')}>
            {t('crud.resetPassword')}
          </Button>
        ) : null}
        {permission.user_reset ? (
          <Button onClick={confirmCall(t('crud.mfaResetConfirm'), 'mfa/reset')} data-testid="user-mfa-reset">
            {t('crud.mfaReset')}
          </Button>
        ) : null}
        {permission.user_unlock ? (
          <Button onClick={confirmCall(t('crud.unlockConfirm'), 'unlock')}>{t('crud.unlock')}</Button>
        ) : null}
        {permission.user_import ? (
          <Button onClick={() => setImporting(true)} data-testid="user-import">
            {t('user.import')}
          </Button>
        ) : null}
        {permission.user_export ? (
          <Button loading={exporting} onClick={runExport} data-testid="user-export">
            {t('user.export')}
          </Button>
        ) : null}
      </Space>
      {importing ? (
        <UserImportDialog
          onClose={(changed) => {
            setImporting(false);
            if (changed) {
              context.reload();
            }
          }}
        />
      ) : null}
      {granting ? (
        <RoleGrantDialog
          rows={granting}
          onClose={(changed) => {
            setGranting(null);
            if (changed) {
              context.reload();
            }
          }}
        />
      ) : null}
    </>
  );
}

/** Row action of the user screen: the platform settings dialog (button code user_platform). */
export function UserPlatformAction({ row, context }: { row: Row; context: CrudContext }) {
  const { t } = useTranslation();
  const permission = useSession((state) => state.permission);
  const [open, setOpen] = useState(false);
  if (!permission.user_platform) {
    return null;
  }
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="user-platform">
        {t('user.platform')}
      </Button>
      {open ? (
        <UserPlatformDialog
          row={row}
          onClose={(changed) => {
            setOpen(false);
            if (changed) {
              context.reload();
            }
          }}
        />
      ) : null}
    </>
  );
}
