import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Issuance } from '@yuan/contract/wallet/wallet';
import { Card, Col, DatePicker, Empty, Row, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../shared/charts/EChart.tsx';
import { LoadFailed } from '../../../shared/components/LoadFailed.tsx';
import { formatDateTime, inTimeZone, useTimeZone } from '../../../shared/time/timeZone.ts';
import { shortHash } from '../shared/format.ts';
import { walletApi } from '../shared/walletApi.ts';
import { dailyOption, dailySeries, totalsOption } from './charts.ts';
import { TotalsTable } from './TotalsTable.tsx';

type Block = Issuance['blocks'][number];
type Range = [Dayjs, Dayjs] | null;
const DAY = 'YYYY-MM-DD';
/** The range shown first: the last 30 days, today included (in the tenant's zone, as the server counts days). */
const DEFAULT_DAYS = 30;

/**
 * /yuan/generic/blockstatistics: YBI issued per territory in a date range (totals with their share, and per day),
 * and the latest blocks of the chain. A cleared range means all time.
 */
export function BlockStatisticsPage() {
  const { t } = useTranslation();
  const zone = useTimeZone((state) => state.zone);
  const [range, setRange] = useState<Range>(() => {
    const today = inTimeZone(Date.now(), zone);
    return [today.subtract(DEFAULT_DAYS - 1, 'day'), today];
  });
  const from = range?.[0].format(DAY);
  const to = range?.[1].format(DAY);
  const query = useQuery({
    queryKey: ['wallet-issuance', from ?? '', to ?? ''],
    queryFn: () => walletApi.issuance(from && to ? { from, to } : {}),
    placeholderData: keepPreviousData,
  });
  const none = t('walletTools.noTerritory');
  const total = t('walletTools.issued');
  const charts = useMemo(() => {
    if (!query.data) {
      return null;
    }
    return {
      totals: totalsOption(query.data, { total, none }),
      daily: dailyOption(dailySeries(query.data, none)),
    };
  }, [query.data, total, none]);

  if (query.isError && !query.data) {
    return <LoadFailed onRetry={() => void query.refetch()} />;
  }
  const issued = (query.data?.territories.length ?? 0) > 0;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="issuance">
      <Card variant="borderless" loading={query.isPending}>
        <Space wrap style={{ marginBottom: 16 }}>
          <Typography.Text>{t('walletTools.range')}</Typography.Text>
          <DatePicker.RangePicker
            value={range}
            onChange={(next) => setRange(next?.[0] && next[1] ? [next[0], next[1]] : null)}
            allowClear
            presets={presets(t, zone)}
            data-testid="issuance-range"
          />
        </Space>
        {issued && charts ? (
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={10}>
              <Typography.Title level={5}>{t('walletTools.perTerritory')}</Typography.Title>
              <EChart option={charts.totals} testId="issuance-totals" />
              <TotalsTable territories={query.data?.territories ?? []} none={none} />
            </Col>
            <Col xs={24} xl={14}>
              <Typography.Title level={5}>{t('walletTools.perDay')}</Typography.Title>
              <EChart option={charts.daily} testId="issuance-daily" />
            </Col>
          </Row>
        ) : (
          <Empty description={t('walletTools.noIssuance')} data-testid="issuance-empty" />
        )}
      </Card>
      <Card variant="borderless" title={t('walletTools.latestBlocks')}>
        <BlockTable blocks={query.data?.blocks ?? []} loading={query.isFetching} />
      </Card>
    </Space>
  );
}

function presets(t: (key: string) => string, zone: string) {
  const today = inTimeZone(Date.now(), zone);
  return [
    { label: t('walletTools.last7'), value: [today.subtract(6, 'day'), today] as [Dayjs, Dayjs] },
    { label: t('walletTools.last30'), value: [today.subtract(29, 'day'), today] as [Dayjs, Dayjs] },
    { label: t('walletTools.thisYear'), value: [today.startOf('year'), today] as [Dayjs, Dayjs] },
  ];
}

function BlockTable({ blocks, loading }: { blocks: Block[]; loading: boolean }) {
  const { t } = useTranslation();
  const columns: ColumnsType<Block> = [
    { key: 'number', title: t('walletTools.blockNumber'), dataIndex: 'number', width: 120 },
    {
      key: 'hash',
      title: t('walletTools.blockHash'),
      render: (_, block) => (
        <Typography.Text copyable={{ text: block.hash }} code>
          {shortHash(block.hash, 10, 8)}
        </Typography.Text>
      ),
    },
    {
      key: 'time',
      title: t('walletTools.blockTime'),
      width: 190,
      render: (_, block) => formatDateTime(block.time),
    },
    { key: 'txCount', title: t('walletTools.txCount'), dataIndex: 'txCount', width: 110 },
  ];
  return (
    <Table<Block>
      rowKey="number"
      size="middle"
      loading={loading}
      columns={columns}
      dataSource={blocks}
      pagination={false}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('walletTools.noBlocks')} />,
      }}
      data-testid="issuance-blocks"
    />
  );
}
