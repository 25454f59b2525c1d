import { Alert, type ButtonProps, Modal, type ModalProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ActionDialogProps {
  /** The wrapper's data-testid: the browser tests find the dialog by it. */
  testId?: string;
  title: ReactNode;
  /** Open while mounted by default; a dialog its parent keeps mounted passes its state. */
  open?: boolean;
  /** The task runs: the OK button spins (see useBusy). */
  busy?: boolean;
  /** A refusal shown in place above the content (empty: none). */
  problem?: string;
  okText?: string;
  /** The cancel button's text; "Cancel" of the common texts by default. */
  cancelText?: string;
  /** Further props of the OK button (danger, disabled); its spinner comes from `busy`. */
  okButtonProps?: Omit<ButtonProps, 'loading'>;
  /** The action; its promise is left to it (useBusy's run settles every failure). */
  onOk?: () => unknown;
  /** Closing by the corner, Escape or Cancel (none while an action must not be left). */
  onCancel?: () => void;
  /** Whether the corner's close button shows (yes by default). */
  closable?: boolean;
  /** A class on the wrapper, for the dialog's own styles. */
  wrapClassName?: string;
  width?: number | string;
  /**
   * A footer of the dialog's own in place of OK and Cancel (null: none), or a function of them that adds its own
   * buttons beside them.
   */
  footer?: ModalProps['footer'];
  /** Whether Escape closes it (yes by default). */
  keyboard?: boolean;
  /** Renders the content before the first opening (a form instance bound before it opens). */
  forceRender?: boolean;
  /** Keeps the content while hidden (a dialog its parent keeps mounted and fills before opening it again). */
  keepContent?: boolean;
  afterOpenChange?: (open: boolean) => void;
  children?: ReactNode;
}

/**
 * The dialog of every job that confirms, acts or edits (start, complete, deploy, import, add, edit, grant, …): not
 * closed by a click beside it (a half-filled form would be lost), its content dropped on close, and the OK button
 * spinning while the action runs. Mounting it opens it unless the caller passes `open`.
 */
export function ActionDialog(props: ActionDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open ?? true}
      width={props.width}
      title={props.title}
      okText={props.okText}
      cancelText={props.cancelText ?? t('common.cancel')}
      confirmLoading={props.busy ?? false}
      okButtonProps={props.okButtonProps}
      onOk={() => void props.onOk?.()}
      onCancel={props.onCancel}
      mask={{ closable: false }}
      keyboard={props.keyboard ?? true}
      closable={props.closable}
      wrapClassName={props.wrapClassName}
      forceRender={props.forceRender}
      afterOpenChange={props.afterOpenChange}
      destroyOnHidden={!props.keepContent}
      wrapProps={props.testId === undefined ? undefined : { 'data-testid': props.testId }}
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
