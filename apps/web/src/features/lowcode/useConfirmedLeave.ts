import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The way out of an editor: straight away when nothing is unsaved, else after a confirmation. Leaving inside the
 * app does not fire beforeunload, so the editor asks itself.
 */
export function useConfirmedLeave(dirty: boolean, question: string, leave: () => void): () => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return () => {
    if (!dirty) {
      leave();
      return;
    }
    modal.confirm({
      title: t('common.confirmTitle'),
      content: question,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: leave,
    });
  };
}
