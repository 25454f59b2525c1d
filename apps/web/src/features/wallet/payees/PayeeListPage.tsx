import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GridRows } from '../../lowcode/gridData/GridRows.tsx';
import { payeeConfig, payeeFiles, payeeSource, withAddressRule } from './payeeApi.ts';

/**
 * /yuan/generic/payeeList: the user's payees as the payee grid of the grid designer draws them (columns, search,
 * actions), with add/edit (name, address, remark), delete, export and import through the payee calls.
 */
export function PayeeListPage() {
  const { t } = useTranslation();
  const config = useQuery({ queryKey: ['payee-grid'], queryFn: payeeConfig, retry: false });
  // One source per screen: it keeps the rows the list showed for the edit dialog.
  const source = useMemo(() => payeeSource(), []);
  const entity = useMemo(() => (config.data ? withAddressRule(config.data.entity) : null), [config.data]);
  if (config.isError) {
    return (
      <Result
        status="error"
        title={t('common.loadFailed')}
        subTitle={config.error instanceof Error ? config.error.message : ''}
        extra={<Button onClick={() => void config.refetch()}>{t('common.retry')}</Button>}
        data-testid="payee-error"
      />
    );
  }
  if (!config.data || !entity) {
    return <Spin style={{ display: 'block', margin: 48 }} />;
  }
  return (
    <div data-testid="payee-list">
      <GridRows grid={config.data.grid} entity={entity} form={null} source={source} files={payeeFiles} />
    </div>
  );
}
