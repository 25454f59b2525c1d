import { AndroidOutlined, AppleOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, QRCode, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDownloads } from './useDownloads.ts';

/** /download: a QR code and a download button per platform the app is published for. */
export function DownloadPage() {
  const { t } = useTranslation();
  const { state, reload } = useDownloads();
  const data = state.status === 'success' ? state.data : undefined;
  const apps = data?.apps ?? [];
  return (
    <Flex vertical align="center" gap={24} style={{ padding: 48, minHeight: '100vh' }}>
      <Typography.Title level={2}>{t('download.title')}</Typography.Title>
      {data?.version ? (
        <Typography.Text type="secondary" data-testid="download-version">
          {t('download.version', { version: data.version })}
        </Typography.Text>
      ) : null}
      {state.status === 'loading' ? <Skeleton active style={{ maxWidth: 480 }} /> : null}
      {state.status === 'error' ? (
        <Alert
          type="error"
          showIcon
          title={t('download.loadFailed')}
          action={<Button onClick={reload}>{t('download.retry')}</Button>}
        />
      ) : null}
      {data && apps.length === 0 ? <Empty description={t('download.empty')} /> : null}
      <Flex wrap gap={24} justify="center">
        {apps.map((app) => {
          const address = new URL(app.url, window.location.origin).href;
          return (
            <Card
              key={app.platform}
              data-testid={`download-${app.platform}`}
              title={
                <Flex gap={8}>
                  {app.platform === 'ios' ? <AppleOutlined /> : <AndroidOutlined />}
                  {t(app.platform === 'ios' ? 'download.ios' : 'download.android')}
                </Flex>
              }
              style={{ width: 260, textAlign: 'center' }}
            >
              <Flex vertical align="center" gap={12}>
                <QRCode value={address} size={180} />
                <Typography.Text type="secondary">{t('download.scan')}</Typography.Text>
                <Button type="primary" icon={<DownloadOutlined />} href={address}>
                  {t('download.button')}
                </Button>
              </Flex>
            </Card>
          );
        })}
      </Flex>
      <Link to="/login">{t('download.back')}</Link>
    </Flex>
  );
}
