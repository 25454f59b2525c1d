import type { FormJson } from '@yuan/contract/lowcode/form-json';
import { SAFE_URL_PATTERN } from '@yuan/contract/safe-url';
import type { WebsiteConfig } from '@yuan/contract/system/website';
import { WEBSITE_LIMITS } from '@yuan/contract/system/website';
import { Button, Drawer, Form, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../../../shared/schema-form/index.ts';

interface Props {
  open: boolean;
  config: WebsiteConfig;
  saving: boolean;
  onSave: (config: Omit<WebsiteConfig, 'updateTime'>) => void;
  onClose: () => void;
}

/** The welcome page's settings, drawn by the one form renderer: title, banner upload, rich text, link rows. */
export function WebsiteEditor({ open, config, saving, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const json = useMemo<Partial<FormJson>>(
    () => ({
      labelWidth: 100,
      labelPosition: 'top',
      menuBtn: false,
      column: [
        {
          type: 'input',
          prop: 'title',
          label: t('website.title'),
          maxlength: WEBSITE_LIMITS.title,
          showWordLimit: true,
          span: 24,
        },
        {
          type: 'upload',
          prop: 'banner',
          label: t('website.banner'),
          listType: 'picture-img',
          accept: 'image/png,image/jpeg,image/gif,image/webp',
          span: 24,
        },
        { type: 'ueditor', prop: 'intro', label: t('website.intro'), span: 24 },
        {
          type: 'dynamic',
          prop: 'links',
          label: t('website.links'),
          span: 24,
          children: {
            column: [
              {
                type: 'input',
                prop: 'title',
                label: t('website.linkTitle'),
                required: true,
                maxlength: WEBSITE_LIMITS.linkTitle,
              },
              {
                type: 'input',
                prop: 'url',
                label: t('website.linkUrl'),
                required: true,
                rules: [{ pattern: SAFE_URL_PATTERN, message: t('website.urlRule') }],
              },
            ],
          },
        },
      ],
    }),
    [t],
  );
  const values = useMemo(
    () => ({ title: config.title, banner: config.banner, intro: config.intro, links: config.links }),
    [config],
  );
  const submit = (raw: Record<string, unknown>) => {
    const links = Array.isArray(raw.links) ? (raw.links as { title?: unknown; url?: unknown }[]) : [];
    onSave({
      title: String(raw.title ?? ''),
      banner: typeof raw.banner === 'string' ? raw.banner : '',
      intro: String(raw.intro ?? ''),
      links: links.map((link) => ({ title: String(link.title ?? ''), url: String(link.url ?? '') })),
    });
  };
  return (
    <Drawer
      open={open}
      title={t('website.editTitle')}
      size="large"
      onClose={onClose}
      maskClosable={false}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('website.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="website-save">
            {t('website.save')}
          </Button>
        </Space>
      }
    >
      <SchemaForm json={json} values={values} form={form} name="website" onSubmit={submit} />
    </Drawer>
  );
}
