import type { TxRow, TxStatus } from '@yuan/contract';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';

const STATUS_COLOR: Record<TxStatus, string> = {
  pending: 'processing',
  confirmed: 'success',
  failed: 'error',
};
const KIND_COLOR: Record<TxRow['kind'], string> = { transfer: 'blue', swap: 'purple', issue: 'gold' };

/** A line's state as the indexer sees it: pending until mined, then confirmed or failed. */
export function StatusTag({ status, t }: { status: TxStatus; t: TFunction }) {
  return (
    <Tag color={STATUS_COLOR[status]} data-testid="tx-status" data-status={status}>
      {t(`wallet.status.${status}`)}
    </Tag>
  );
}

export function KindTag({ kind, t }: { kind: TxRow['kind']; t: TFunction }) {
  return <Tag color={KIND_COLOR[kind]}>{t(`wallet.kind.${kind}`)}</Tag>;
}

/** The other side of a line: whom the wallet paid, or who paid it. */
export function counterparty(tx: Pick<TxRow, 'direction' | 'from' | 'to'>): string {
  return tx.direction === 'out' ? tx.to : tx.from;
}

/** The amount with its sign as the wallet sees it: what left it is negative. */
export function signedAmount(tx: Pick<TxRow, 'direction'>, text: string): string {
  return `${tx.direction === 'out' ? '-' : '+'}${text}`;
}
