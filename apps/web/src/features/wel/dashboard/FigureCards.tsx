import type { DashboardFigures } from '@yuan/contract/dashboard';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, total } from './charts.ts';

interface Figure {
  key: string;
  title: string;
  value: number;
  /** What is shown, when not the plain number. */
  shown?: string;
  note?: ReactNode;
}

/** One number with its caption; `data-value` holds the plain number for whoever reads the page. */
function FigureCard({ figure }: { figure: Figure }) {
  return (
    <Card size="small" data-testid={`figure-${figure.key}`} data-value={figure.value}>
      <Statistic title={figure.title} value={figure.shown ?? figure.value} />
      {/* A figure without a note keeps the line, so the cards of a row are as tall as each other. */}
      <Typography.Text type="secondary">{figure.note ?? '\u00a0'}</Typography.Text>
    </Card>
  );
}

/** The dashboard's numbers: totals now, and sums over the chosen dates. */
export function FigureCards({ figures: f }: { figures: DashboardFigures }) {
  const { t } = useTranslation();
  const inRange = t('dashboard.inRange');
  const list: Figure[] = [
    {
      key: 'users',
      title: t('dashboard.users'),
      value: f.users.total,
      note: `${t('dashboard.newUsers')} ${total(f.users.created)}`,
    },
    { key: 'signIns', title: t('dashboard.signIns'), value: total(f.signIns), note: inRange },
    {
      key: 'apiCalls',
      title: t('dashboard.apiCalls'),
      value: total(f.api.calls),
      note: `${t('dashboard.errors')} ${total(f.api.errors)}`,
    },
    {
      key: 'storage',
      title: t('dashboard.storage'),
      value: f.storage.bytes,
      shown: formatBytes(f.storage.bytes),
      note: t('dashboard.files', { count: f.storage.files }),
    },
    { key: 'notices', title: t('dashboard.notices'), value: f.notices.total },
    {
      key: 'entities',
      title: t('dashboard.entities'),
      value: f.entities.total,
      note: t('dashboard.entitiesNote', { synced: f.entities.synced, rows: f.entities.rows }),
    },
    { key: 'running', title: t('dashboard.running'), value: f.flows.running },
    {
      key: 'transfers',
      title: t('dashboard.transfers'),
      value: total(f.wallet.transfers),
      note: t('dashboard.wallets', { count: f.wallet.wallets }),
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      {list.map((figure) => (
        <Col key={figure.key} xs={12} lg={6}>
          <FigureCard figure={figure} />
        </Col>
      ))}
    </Row>
  );
}
