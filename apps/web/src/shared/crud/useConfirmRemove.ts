import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess, toastWarning } from '../ui/feedback.ts';

/**
 * The one way a list removes rows: none chosen is a warning; otherwise a confirmation (`content`, by default the
 * generic question), the removal, 删除成功, then `done` (a reload). A refusal keeps the confirmation open; `call` has
 * shown the server's message.
 */
export function useConfirmRemove() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return <R>(
    rows: R[],
    remove: (rows: R[]) => Promise<unknown>,
    done: (rows: R[]) => unknown,
    content: string = t('crud.confirmDelete'),
  ): void => {
    if (rows.length === 0) {
      toastWarning(t('crud.selectOne'));
      return;
    }
    modal.confirm({
      title: t('common.confirmTitle'),
      content,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await remove(rows);
        toastSuccess(t('crud.deleted'));
        await done(rows);
      },
    });
  };
}
