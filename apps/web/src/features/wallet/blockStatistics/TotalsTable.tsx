import type { Issuance } from '@yuan/contract/wallet/wallet';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../shared/format.ts';
import { territoryName } from './charts.ts';

type Territory = Issuance['territories'][number];

/** The per-territory totals as text beside the chart: readable and copyable, not only drawn. */
export function TotalsTable({ territories, none }: { territories: Territory[]; none: string }) {
  const { t } = useTranslation();
  const columns: ColumnsType<Territory> = [
    { key: 'name', title: t('walletTools.territory'), render: (_, row) => territoryName(row, none) },
    { key: 'code', title: t('walletTools.territoryCode'), dataIndex: 'code', width: 110 },
    { key: 'total', title: 'YBI', align: 'right', render: (_, row) => formatAmount(row.total, 4) },
    { key: 'share', title: '%', align: 'right', width: 90, render: (_, row) => row.share.toFixed(2) },
  ];
  return (
    <Table<Territory>
      rowKey="code"
      size="small"
      columns={columns}
      dataSource={territories}
      pagination={false}
      data-testid="issuance-table"
    />
  );
}
