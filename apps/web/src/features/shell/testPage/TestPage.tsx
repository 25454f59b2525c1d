import { BugOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Descriptions, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logError } from '../../../shared/errorLog/capture.ts';
import { useErrorLog } from '../../../stores/errorLog.ts';
import { useTabs } from '../../../stores/tabs.ts';
import { shellUrl, useShellQuery } from './useShellQuery.ts';

interface OpenValues {
  path: string;
  src?: string;
  name?: string;
  i18n?: string;
  hideMenu?: boolean;
  target?: boolean;
}

/** /test/index: exercises the shell — its query parameters, tabs and the local error log. */
export function TestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useShellQuery();
  const tabCount = useTabs((state) => state.tabs.length);
  const logCount = useErrorLog((state) => state.logs.length);
  const open = (values: OpenValues) => navigate(shellUrl(values.path.trim() || '/wel/index', values));
  const throwLater = () => {
    // Outside React's handlers, as a real bug would be: the window's error capture must record it.
    setTimeout(() => {
      throw new Error(t('testPage.errorMessage', { time: new Date().toISOString() }));
    });
  };
  return (
    <Flex vertical gap={16} data-testid="test-page">
      <Card title={t('testPage.query')} size="small">
        <Descriptions column={{ xs: 1, md: 5 }} size="small">
          {query.map(([key, value]) => (
            <Descriptions.Item key={key} label={key}>
              <span data-testid={`test-query-${key}`}>{value ?? t('testPage.none')}</span>
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
      <Card title={t('testPage.open')} size="small">
        <Form<OpenValues>
          layout="vertical"
          name="test-open"
          initialValues={{ path: '/wel/index' }}
          onFinish={open}
        >
          <Flex wrap gap={12}>
            <Form.Item name="path" label={t('testPage.path')} style={{ minWidth: 200 }}>
              <Input />
            </Form.Item>
            <Form.Item name="src" label={t('testPage.src')} style={{ minWidth: 240 }}>
              <Input placeholder="https://" />
            </Form.Item>
            <Form.Item name="name" label={t('testPage.name')}>
              <Input />
            </Form.Item>
            <Form.Item name="i18n" label={t('testPage.i18n')}>
              <Input placeholder="layout.home" />
            </Form.Item>
          </Flex>
          <Flex gap={16} align="center">
            <Form.Item name="hideMenu" valuePropName="checked" noStyle>
              <Checkbox>{t('testPage.hideMenu')}</Checkbox>
            </Form.Item>
            <Form.Item name="target" valuePropName="checked" noStyle>
              <Checkbox>{t('testPage.target')}</Checkbox>
            </Form.Item>
            <Button type="primary" htmlType="submit" data-testid="test-open">
              {t('testPage.go')}
            </Button>
          </Flex>
        </Form>
      </Card>
      <Card title={t('testPage.tabs')} size="small">
        <Typography.Text data-testid="test-tab-count">
          {t('testPage.tabCount', { count: tabCount })}
        </Typography.Text>
      </Card>
      <Card title={t('testPage.errors')} size="small">
        <Flex vertical gap={12}>
          <Typography.Text data-testid="test-error-count">
            {t('testPage.errorCount', { count: logCount })}
          </Typography.Text>
          <Flex gap={8}>
            <Button
              icon={<BugOutlined />}
              onClick={() =>
                logError('test', new Error(t('testPage.errorMessage', { time: new Date().toISOString() })))
              }
            >
              {t('testPage.logError')}
            </Button>
            <Button danger icon={<ThunderboltOutlined />} onClick={throwLater}>
              {t('testPage.throwError')}
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
