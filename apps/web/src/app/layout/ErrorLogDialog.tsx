import type { ClientLogEntry } from '@yuan/contract';
import { App, Button, Empty, Modal, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { uploadClientLogs } from '../../shared/api/auth.ts';
import { useErrorLog } from '../../stores/errorLog.ts';

/** Error-log dialog: the local log with upload and clear, both confirmed (SPEC §2, §8). */
export function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const logs = useErrorLog((state) => state.logs);
  const clear = useErrorLog((state) => state.clear);

  const confirm = (content: string, action: () => Promise<void> | void) =>
    modal.confirm({
      title: t('common.confirmTitle'),
      content,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: action,
    });

  const onUpload = () => {
    if (logs.length === 0) {
      message.warning(t('logs.empty'));
      return;
    }
    confirm(t('logs.uploadConfirm'), async () => {
      await uploadClientLogs(logs);
      clear();
      message.success(t('logs.uploaded'));
    });
  };

  const onClear = () => {
    if (logs.length === 0) {
      message.warning(t('logs.clearEmpty'));
      return;
    }
    confirm(t('logs.clearConfirm'), () => {
      clear();
      message.success(t('logs.cleared'));
    });
  };

  return (
    <Modal open={open} title={t('logs.title')} onCancel={onClose} footer={null} width="90%" destroyOnHidden>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={onUpload}>
          {t('logs.upload')}
        </Button>
        <Button danger onClick={onClear}>
          {t('logs.clear')}
        </Button>
      </Space>
      <Table<ClientLogEntry>
        size="small"
        rowKey={(row) => `${row.time}-${row.message}`}
        dataSource={logs}
        pagination={{ pageSize: 10 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('logs.empty')} /> }}
        scroll={{ x: 900 }}
        columns={[
          { title: t('logs.type'), dataIndex: 'type', width: 120 },
          { title: t('logs.url'), dataIndex: 'url', width: 220, ellipsis: true },
          { title: t('logs.message'), dataIndex: 'message', width: 240 },
          {
            title: t('logs.stack'),
            dataIndex: 'stack',
            render: (stack: string, row) => (
              <Typography.Paragraph ellipsis={{ rows: 3, expandable: true }} style={{ margin: 0 }}>
                {[stack, row.info].filter(Boolean).join('\n')}
              </Typography.Paragraph>
            ),
          },
          { title: t('logs.time'), dataIndex: 'time', width: 200 },
        ]}
      />
    </Modal>
  );
}
