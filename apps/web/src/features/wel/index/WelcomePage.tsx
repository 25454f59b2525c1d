import { Card, Col, Descriptions, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../stores/session.ts';

/** /wel/index: the first page. */
export function WelcomePage() {
  const { t } = useTranslation();
  const user = useSession((state) => state.userInfo);
  const roles = useSession((state) => state.roles);
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
