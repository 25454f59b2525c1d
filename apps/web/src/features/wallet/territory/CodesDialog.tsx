import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Space, Table, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../shared/api/files.ts';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { formatDateTime } from '../../../shared/time/timeZone.ts';
import { toastError, toastSuccess } from '../../../shared/ui/feedback.ts';
import { type CodeBatch, codesCsv, codesText } from './codesCsv.ts';
import { SendCodeForm } from './SendCodeForm.tsx';

/**
 * A new batch's codes, shown this once (the server keeps only their hashes): copy them all, save them as CSV, or
 * send one to a user. Closing without copying or saving asks first, since the codes cannot be shown again.
 */
export function CodesDialog({ batch, onClose }: { batch: CodeBatch; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  // Read only when closing, never drawn: a ref, so a close right after a copy sees it without waiting for a render.
  const kept = useRef(false);
  const [sendCode, setSendCode] = useState<string | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codesText(batch));
      kept.current = true;
      toastSuccess(t('walletTools.codesCopied'));
    } catch {
      // No clipboard outside https and localhost: the CSV is the way then.
      toastError(t('walletTools.copyFailed'));
    }
  };
  const download = () => {
    const csv = codesCsv(
      batch,
      {
        code: t('walletTools.redeemCode'),
        amount: t('walletTools.codeAmount'),
        expiresAt: t('walletTools.expiresAt'),
        territory: t('walletTools.territory'),
        batch: t('walletTools.batch'),
      },
      formatDateTime(batch.expiresAt),
    );
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `codes-${batch.batchId}.csv`);
    kept.current = true;
  };
  const close = () => {
    if (kept.current) {
      onClose();
      return;
    }
    modal.confirm({
      title: t('walletTools.closeUnsaved'),
      content: t('walletTools.closeUnsavedHint'),
      okText: t('walletTools.closeAnyway'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: onClose,
    });
  };

  return (
    <ActionDialog
      width={720}
      title={t('walletTools.codesTitle', { count: batch.codes.length })}
      onCancel={close}
      footer={
        <Space>
          <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="codes-copy">
            {t('walletTools.copyAll')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={download} data-testid="codes-csv">
            {t('walletTools.downloadCsv')}
          </Button>
          <Button type="primary" onClick={close} data-testid="codes-close">
            {t('common.close')}
          </Button>
        </Space>
      }
      testId="codes-dialog"
    >
      <Alert type="warning" showIcon title={t('walletTools.codesOnce')} style={{ marginBottom: 12 }} />
      <Descriptions
        size="small"
        column={2}
        style={{ marginBottom: 12 }}
        items={[
          { key: 'amount', label: t('walletTools.codeAmount'), children: `${batch.amount} YBI` },
          { key: 'expires', label: t('walletTools.expiresAt'), children: formatDateTime(batch.expiresAt) },
          { key: 'territory', label: t('walletTools.territory'), children: batch.territory ?? '-' },
          { key: 'batch', label: t('walletTools.batch'), children: batch.batchId },
        ]}
      />
      <Table<{ code: string; n: number }>
        size="small"
        rowKey="code"
        dataSource={batch.codes.map((code, i) => ({ code, n: i + 1 }))}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        columns={[
          { key: 'n', title: '#', dataIndex: 'n', width: 64 },
          {
            key: 'code',
            title: t('walletTools.redeemCode'),
            render: (_, row) => (
              <Typography.Text code copyable data-testid="codes-code">
                {row.code}
              </Typography.Text>
            ),
          },
          {
            key: 'send',
            width: 120,
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => setSendCode(row.code)}>
                {t('walletTools.sendToUser')}
              </Button>
            ),
          },
        ]}
        data-testid="codes-list"
      />
      <ActionDialog
        open={sendCode !== null}
        title={t('walletTools.sendTitle', { code: sendCode ?? '' })}
        footer={null}
        onCancel={() => setSendCode(null)}
      >
        {sendCode ? (
          <SendCodeForm code={sendCode} onSent={() => setSendCode(null)} testId="codes-send" />
        ) : null}
      </ActionDialog>
    </ActionDialog>
  );
}
