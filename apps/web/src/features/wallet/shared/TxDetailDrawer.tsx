import type { TxRow } from '@yuan/contract';
import { Descriptions, Drawer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/time/timeZone.ts';
import { KindTag, StatusTag } from './txLabels.tsx';

/** A copyable hash or address in full, as a block explorer shows it. */
function Mono({ text, testId }: { text: string; testId: string }) {
  return (
    <Typography.Text code copyable={{ text }} style={{ wordBreak: 'break-all' }} data-testid={testId}>
      {text}
    </Typography.Text>
  );
}

/** Every field of one history line, explorer style: hash, state, block, time, both sides and the amounts. */
export function TxDetailDrawer({ tx, onClose }: { tx: TxRow; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open size={560} title={t('wallet.tx.detail')} onClose={onClose} destroyOnHidden>
      <div data-testid="tx-detail">
        <Descriptions column={1} bordered size="small" styles={{ label: { width: 150 } }}>
          <Descriptions.Item label={t('wallet.tx.hash')}>
            <Mono text={tx.txHash} testId="tx-detail-hash" />
          </Descriptions.Item>
          <Descriptions.Item label={t('wallet.tx.status')}>
            <StatusTag status={tx.status} t={t} />
          </Descriptions.Item>
          <Descriptions.Item label={t('wallet.tx.block')}>
            {tx.blockNumber ?? t('wallet.tx.notMined')}
          </Descriptions.Item>
          <Descriptions.Item label={t('wallet.tx.confirmations')}>{tx.confirmations}</Descriptions.Item>
          <Descriptions.Item label={t('wallet.tx.time')}>{formatDateTime(tx.time)}</Descriptions.Item>
          <Descriptions.Item label={t('wallet.tx.kind')}>
            <KindTag kind={tx.kind} t={t} />
          </Descriptions.Item>
          <Descriptions.Item label={t('wallet.tx.direction')}>
            {t(`wallet.direction.${tx.direction}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('wallet.tx.from')}>
            <Mono text={tx.from} testId="tx-detail-from" />
          </Descriptions.Item>
          <Descriptions.Item label={t('wallet.tx.to')}>
            <Mono text={tx.to} testId="tx-detail-to" />
          </Descriptions.Item>
          <Descriptions.Item label={t('wallet.tx.amount')}>
            <span data-testid="tx-detail-amount">{tx.amount} YBI</span>
          </Descriptions.Item>
          {tx.amountOut !== null ? (
            <Descriptions.Item label={t('wallet.tx.amountOut')}>{tx.amountOut} ETH</Descriptions.Item>
          ) : null}
        </Descriptions>
      </div>
    </Drawer>
  );
}
