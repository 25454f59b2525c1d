import { Form, Input, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Bps, parseSlippage, SLIPPAGE_CHOICES, slippagePercent } from './slippage.ts';

/** The slippage as chosen: one of the offered values, or a custom percent as typed. */
export interface SlippageChoice {
  choice: Bps | 'custom';
  custom: string;
}

/** The slippage a choice stands for, or null while a custom one is not a valid percent. */
export function slippageOf(value: SlippageChoice): Bps | null {
  return value.choice === 'custom' ? parseSlippage(value.custom) : value.choice;
}

/** How far the price may move against the swap before it is refused: 0.5 / 1 / 3 % or a custom percent. */
export function SlippageSetting(props: { value: SlippageChoice; onChange: (next: SlippageChoice) => void }) {
  const { t } = useTranslation();
  const { value, onChange } = props;
  const invalid = value.choice === 'custom' && parseSlippage(value.custom) === null;
  return (
    <Form.Item
      label={t('walletTools.slippage')}
      tooltip={t('walletTools.slippageHint')}
      validateStatus={invalid ? 'error' : undefined}
      help={invalid ? t('walletTools.slippageInvalid') : undefined}
    >
      <Space wrap>
        <Radio.Group
          optionType="button"
          value={value.choice}
          onChange={(e) => onChange({ ...value, choice: e.target.value as Bps | 'custom' })}
          options={[
            ...SLIPPAGE_CHOICES.map((bps) => ({ value: bps, label: `${slippagePercent(bps)} %` })),
            { value: 'custom', label: t('walletTools.slippageCustom') },
          ]}
          data-testid="exchange-slippage"
        />
        {value.choice === 'custom' ? (
          <Input
            value={value.custom}
            onChange={(e) => onChange({ ...value, custom: e.target.value })}
            suffix="%"
            inputMode="decimal"
            style={{ width: 110 }}
            status={invalid ? 'error' : undefined}
            data-testid="exchange-slippage-custom"
          />
        ) : null}
      </Space>
    </Form.Item>
  );
}
