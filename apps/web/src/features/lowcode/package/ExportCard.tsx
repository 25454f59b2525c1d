import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { APP_PACKAGE_MAX_ROWS } from '@yuan/contract/lowcode/app-package';
import { Button, Card, Form, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusy } from '../../../shared/hooks/useBusy.ts';
import { packageApi } from './packageApi.ts';

interface ExportCardProps {
  /** The caller holds appPackage_export. */
  canExport: boolean;
}

/** Chooses entities of the tenant (synced or not) and saves them, with their designs and maybe their rows, as one file. */
export function ExportCard({ canExport }: ExportCardProps) {
  const { t, i18n } = useTranslation();
  const entities = useQuery({ queryKey: ['app-package-entities'], queryFn: packageApi.entities });
  const [entIds, setEntIds] = useState<string[]>([]);
  const [withData, setWithData] = useState(false);
  const { busy, run } = useBusy();
  const options = (entities.data ?? []).map((row) => ({
    value: row.id,
    label: `${row.entName} (${row.entNo})`,
  }));

  const exportPackage = () =>
    void run(() => packageApi.export({ entIds, withData }, t('appPackage.exportFailed')));

  return (
    <Card title={t('appPackage.exportTitle')} data-testid="app-package-export">
      <Typography.Paragraph type="secondary">{t('appPackage.exportHint')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('appPackage.entities')} htmlFor="app-package-entities">
          <Select
            id="app-package-entities"
            data-testid="app-package-entities"
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={entities.isFetching}
            placeholder={t('appPackage.entitiesPick')}
            options={options}
            value={entIds}
            onChange={setEntIds}
          />
        </Form.Item>
        <Form.Item
          label={t('appPackage.withData')}
          htmlFor="app-package-with-data"
          extra={t('appPackage.withDataHint', { max: APP_PACKAGE_MAX_ROWS.toLocaleString(i18n.language) })}
        >
          <Switch
            id="app-package-with-data"
            data-testid="app-package-with-data"
            checked={withData}
            onChange={setWithData}
          />
        </Form.Item>
      </Form>
      {canExport ? (
        <Space>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            disabled={entIds.length === 0}
            loading={busy}
            onClick={exportPackage}
            data-testid="app-package-export-button"
          >
            {t('appPackage.export')}
          </Button>
        </Space>
      ) : null}
    </Card>
  );
}
