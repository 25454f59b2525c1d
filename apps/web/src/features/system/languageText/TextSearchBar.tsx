import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TextSearch } from './api.ts';
import { LanguageInput } from './LanguageInput.tsx';

/** Search by key, text (both partial) and language (exact). */
export function TextSearchBar({ onSearch }: { onSearch: (search: TextSearch) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TextSearch>();
  return (
    <Form
      form={form}
      name="i18nTextSearch"
      layout="inline"
      onFinish={onSearch}
      style={{ marginBottom: 12, rowGap: 8 }}
    >
      <Form.Item name="i18nKey" label={t('i18nAdmin.key')}>
        <Input allowClear placeholder={t('i18nAdmin.keyPlaceholder')} data-testid="i18n-search-key" />
      </Form.Item>
      <Form.Item name="i18nText" label={t('i18nAdmin.text')}>
        <Input allowClear placeholder={t('i18nAdmin.textPlaceholder')} />
      </Form.Item>
      <Form.Item name="language" label={t('i18nAdmin.language')}>
        <LanguageInput allowClear />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="i18n-search">
            {t('crud.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('crud.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
