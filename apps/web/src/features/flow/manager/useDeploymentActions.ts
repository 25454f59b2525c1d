import { App } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../shared/api/http.ts';
import { toastError, toastSuccess, toastWarning } from '../../../shared/ui/feedback.ts';
import { type DeploymentRow, managerApi } from '../flowApi.ts';
import { deploymentIdsOf } from './deployments.ts';

/** Refusals that are about the caller or the address, not about running instances: no cascade is offered. */
const NOT_A_CONFLICT = new Set([0, 401, 403, 404]);

/**
 * Suspend/activate and delete of deployed definitions. A deletion the server refuses because instances still run
 * is offered again with those instances removed too (cascade), after the user agrees.
 */
export function useDeploymentActions(reload: () => void) {
  const { t } = useTranslation();
  const { modal } = App.useApp();

  // Stable between renders: the list's configuration is built from these.
  return useMemo(() => {
    const changeState = async (row: DeploymentRow) => {
      try {
        await managerApi.changeState(row.id, row.suspended ? 'active' : 'suspended');
        toastSuccess(t(row.suspended ? 'flow.manager.activated' : 'flow.manager.suspendedDone'));
        reload();
      } catch {
        // The request client has shown the server's reason.
      }
    };

    const cascade = (deploymentIds: string[], reason: string) =>
      modal.confirm({
        title: t('flow.manager.cascadeTitle'),
        content: t('flow.manager.cascadeContent', { reason }),
        okText: t('flow.manager.cascadeOk'),
        okButtonProps: { danger: true },
        cancelText: t('common.cancel'),
        onOk: async () => {
          try {
            await managerApi.deleteDeployments(deploymentIds, true);
            toastSuccess(t('crud.deleted'));
            reload();
          } catch {
            // Shown by the request client.
          }
        },
      });

    const remove = async (deploymentIds: string[]) => {
      try {
        await managerApi.deleteDeployments(deploymentIds);
        toastSuccess(t('crud.deleted'));
        reload();
      } catch (error) {
        // The first attempt is silent: its refusal is either a question (instances run) or shown here.
        const conflict = error instanceof RequestError && !NOT_A_CONFLICT.has(error.code);
        if (conflict) {
          cascade(deploymentIds, error.message);
        } else {
          toastError(error instanceof Error ? error.message : String(error));
        }
      }
    };

    const confirmRemove = (rows: DeploymentRow[]) => {
      const ids = deploymentIdsOf(rows);
      if (ids.length === 0) {
        toastWarning(t('crud.selectOne'));
        return;
      }
      modal.confirm({
        title: t('common.confirmTitle'),
        content: t('flow.manager.deleteConfirm', { count: String(ids.length) }),
        okText: t('common.ok'),
        okButtonProps: { danger: true },
        cancelText: t('common.cancel'),
        onOk: () => remove(ids),
      });
    };

    return { changeState, confirmRemove };
  }, [modal, reload, t]);
}
