import { Alert, type ButtonProps, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ActionDialogProps {
  /** The wrapper's data-testid: the browser tests find the dialog by it. */
  testId: string;
  title: ReactNode;
  /** The task runs: the OK button spins (see useBusy). */
  busy: boolean;
  /** A refusal shown in place above the content (empty: none). */
  problem?: string;
  okText?: string;
  /** Further props of the OK button (danger, disabled); its spinner comes from `busy`. */
  okButtonProps?: Omit<ButtonProps, 'loading'>;
  /** The action; its promise is left to it (useBusy's run settles every failure). */
  onOk?: () => unknown;
  onCancel: () => void;
  width?: number;
  /** A footer of the dialog's own in place of OK and Cancel. */
  footer?: ReactNode;
  children?: ReactNode;
}

/**
 * The dialog of one action (start, complete, deploy, import, …): always open while mounted, not closed by a click
 * beside it (a half-filled form would be lost), its content dropped on close, and the OK button spinning while the
 * action runs. The caller mounts it to open it and unmounts it to close it.
 */
export function ActionDialog(props: ActionDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      width={props.width}
      title={props.title}
      okText={props.okText}
      cancelText={t('common.cancel')}
      confirmLoading={props.busy}
      okButtonProps={props.okButtonProps}
      onOk={() => void props.onOk?.()}
      onCancel={props.onCancel}
      mask={{ closable: false }}
      destroyOnHidden
      wrapProps={{ 'data-testid': props.testId }}
      {...(props.footer === undefined ? {} : { footer: props.footer })}
    >
      <ProblemAlert text={props.problem} />
      {props.children}
    </Modal>
  );
}

/** A refusal shown in place, or nothing when there is none. */
export function ProblemAlert({ text, testId }: { text?: string; testId?: string }) {
  if (!text) {
    return null;
  }
  return <Alert type="error" showIcon title={text} style={{ marginBottom: 12 }} data-testid={testId} />;
}
