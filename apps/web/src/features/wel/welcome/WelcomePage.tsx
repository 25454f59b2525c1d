import { EditOutlined } from '@ant-design/icons';
import type { WebsiteConfig } from '@yuan/contract/system/website';
import { Alert, Button, Card, Col, Descriptions, Flex, Row, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../shared/hooks/usePermission.ts';
import { isEmptyRichText } from '../../../shared/schema-form/sanitize.ts';
import { useSession } from '../../../stores/session.ts';
import { useRoleNames } from './useRoleNames.ts';
import { useWebsite } from './useWebsite.ts';
import { WebsiteView } from './WebsiteView.tsx';
import './website.css';

const WebsiteEditor = lazy(() => import('./WebsiteEditor.tsx').then((m) => ({ default: m.WebsiteEditor })));

/** Today's greeting: what the first page shows while the tenant has not configured its own. */
function Greeting() {
  const { t } = useTranslation();
  const user = useSession((state) => state.userInfo);
  const roles = useRoleNames();
  const name = user?.nick_name || user?.user_name || user?.account || '';
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card>
          <Typography.Title level={3} data-testid="welcome-title">
            {t('wel.greeting', { name })}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('wel.intro')}</Typography.Paragraph>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('wel.account')}>{user?.account ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('wel.roles')}>{roles.join(', ') || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('wel.tenant')}>{user?.tenant_id ?? '-'}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
    </Row>
  );
}

/** A page with nothing to show (never saved, or saved empty) leaves the greeting in place. */
function hasContent(config: WebsiteConfig): boolean {
  return Boolean(config.title || config.banner || config.links.length > 0 || !isEmptyRichText(config.intro));
}

/** /wel/index: the tenant's website configuration, or today's greeting while it has none. */
export function WelcomePage() {
  const { t } = useTranslation();
  const canEdit = usePermission('wel_edit');
  const [editing, setEditing] = useState(false);
  const { query, save } = useWebsite();
  const config = query.data;
  const configured = config !== undefined && hasContent(config);
  return (
    <Flex vertical gap={16}>
      {canEdit ? (
        <Flex justify="flex-end">
          <Button icon={<EditOutlined />} disabled={!config} onClick={() => setEditing(true)}>
            {t('website.edit')}
          </Button>
        </Flex>
      ) : null}
      {query.isLoading ? <Skeleton active /> : null}
      {query.isError ? (
        <Alert
          type="warning"
          showIcon
          title={t('website.loadFailed')}
          action={<Button onClick={() => void query.refetch()}>{t('website.retry')}</Button>}
        />
      ) : null}
      {configured ? <WebsiteView config={config} /> : null}
      {!query.isLoading && !configured ? <Greeting /> : null}
      {config && editing ? (
        <Suspense fallback={null}>
          <WebsiteEditor
            open
            config={config}
            saving={save.isPending}
            onClose={() => setEditing(false)}
            onSave={(values) => save.mutate(values, { onSuccess: () => setEditing(false) })}
          />
        </Suspense>
      ) : null}
    </Flex>
  );
}
