import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { TxRow } from '@yuan/contract';
import { PAGE_SIZE_DEFAULT } from '@yuan/contract/constants';
import { Empty, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/components/LoadFailed.tsx';
import { formatDateTime, useTimeZone } from '../../../shared/time/timeZone.ts';
import { type Paging, tablePagination } from '../../../shared/ui/tablePagination.ts';
import { formatAmount, shortHash } from './format.ts';
import { TxDetailDrawer } from './TxDetailDrawer.tsx';
import { counterparty, KindTag, StatusTag, signedAmount } from './txLabels.tsx';
import { useTransactions } from './useTransactions.ts';

interface TransactionsTableProps {
  walletId: string | undefined;
  pageSize?: number;
  testId?: string;
}

/**
 * A wallet's history, server-paged, newest first (balance, transfers and the payment screen show it). A click on
 * a line or its hash opens every field of it in a drawer.
 */
export function TransactionsTable({
  walletId,
  pageSize = PAGE_SIZE_DEFAULT,
  testId = 'wallet-transactions',
}: TransactionsTableProps) {
  const { t } = useTranslation();
  // The page belongs to the wallet it was chosen for: another wallet starts at its first page.
  const [state, setState] = useState({ walletId, current: 1, size: pageSize });
  const paging: Paging = state.walletId === walletId ? state : { current: 1, size: state.size };
  const setPaging = (next: Paging) => setState({ walletId, ...next });
  const query = useTransactions(walletId, paging.current, paging.size);
  const [shown, setShown] = useState<TxRow | null>(null);
  // Times follow the tenant's zone, which may arrive after the first render.
  useTimeZone((s) => s.zone);

  const columns: ColumnsType<TxRow> = [
    { key: 'time', title: t('wallet.tx.time'), width: 180, render: (_, tx) => formatDateTime(tx.time) },
    {
      key: 'kind',
      title: t('wallet.tx.kind'),
      width: 100,
      render: (_, tx) => <KindTag kind={tx.kind} t={t} />,
    },
    {
      key: 'direction',
      title: t('wallet.tx.direction'),
      width: 90,
      render: (_, tx) =>
        tx.direction === 'out' ? (
          <Typography.Text type="danger">
            <ArrowUpOutlined /> {t('wallet.direction.out')}
          </Typography.Text>
        ) : (
          <Typography.Text type="success">
            <ArrowDownOutlined /> {t('wallet.direction.in')}
          </Typography.Text>
        ),
    },
    {
      key: 'counterparty',
      title: t('wallet.tx.counterparty'),
      width: 150,
      render: (_, tx) => (
        <Tooltip title={counterparty(tx)}>
          <Typography.Text code>{shortHash(counterparty(tx))}</Typography.Text>
        </Tooltip>
      ),
    },
    {
      key: 'amount',
      title: t('wallet.tx.amount'),
      align: 'right',
      width: 170,
      render: (_, tx) => (
        <span data-testid="tx-amount" data-value={tx.amount}>
          <Typography.Text type={tx.direction === 'out' ? 'danger' : 'success'}>
            {signedAmount(tx, formatAmount(tx.amount))} YBI
          </Typography.Text>
          {tx.amountOut !== null ? <div>+{formatAmount(tx.amountOut)} ETH</div> : null}
        </span>
      ),
    },
    {
      key: 'status',
      title: t('wallet.tx.status'),
      width: 100,
      render: (_, tx) => <StatusTag status={tx.status} t={t} />,
    },
    {
      key: 'hash',
      title: t('wallet.tx.hash'),
      width: 140,
      render: (_, tx) => (
        <Typography.Link
          onClick={(event) => {
            // The row opens the same drawer; one open is enough.
            event.stopPropagation();
            setShown(tx);
          }}
          data-testid="tx-hash"
          data-value={tx.txHash}
        >
          {shortHash(tx.txHash, 10, 6)}
        </Typography.Link>
      ),
    },
  ];

  if (query.isError && !query.data) {
    return <LoadFailed onRetry={() => void query.refetch()} />;
  }
  return (
    <div data-testid={testId}>
      <Table<TxRow>
        rowKey="txHash"
        size="middle"
        loading={query.isFetching}
        columns={columns}
        dataSource={query.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        onRow={(tx) => ({ onClick: () => setShown(tx), style: { cursor: 'pointer' } })}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wallet.tx.empty')} />,
        }}
        pagination={tablePagination(paging, query.data?.total ?? 0, setPaging, t)}
      />
      {shown ? <TxDetailDrawer tx={shown} onClose={() => setShown(null)} /> : null}
    </div>
  );
}
