import { Card, Empty } from 'antd';
import type { ReactNode } from 'react';
import { EChart } from '../../../shared/charts/EChart.tsx';
import type { ChartOption } from '../../../shared/charts/echarts.ts';

/** A titled chart, or the panel's empty text when its module has nothing in these dates. */
export function ChartPanel({
  name,
  title,
  option,
  empty,
  footer,
}: {
  name: string;
  title: string;
  /** null: nothing to draw. */
  option: ChartOption | null;
  empty: string;
  footer?: ReactNode;
}) {
  return (
    <Card size="small" title={title} data-testid={`panel-${name}`}>
      {option ? (
        <EChart option={option} height={300} testId={`chart-${name}`} />
      ) : (
        <Empty description={empty} data-testid={`empty-${name}`} style={{ padding: '48px 0' }} />
      )}
      {footer}
    </Card>
  );
}
