import { sdkSchemas } from '@yuan/contract/wallet/wallet';
import { Button, Card, Col, DatePicker, Form, Input, InputNumber, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { DATE_TIME, inTimeZone, useTimeZone } from '../../../shared/time/timeZone.ts';
import { walletApi } from '../shared/walletApi.ts';
import { zodRule } from '../shared/zodRule.ts';
import { CodesDialog } from './CodesDialog.tsx';
import type { CodeBatch } from './codesCsv.ts';
import { expiryIso } from './expiry.ts';
import { RegionSelect } from './RegionSelect.tsx';
import { SendCodeForm } from './SendCodeForm.tsx';

interface CreateValues {
  amount: string;
  count: number;
  expiresAt: Dayjs;
  territory?: string;
}

/** The server's bounds of a batch (sdk/create). */
const COUNT_MAX = 1000;

/**
 * /yuan/generic/territory: redemption codes of a territory (a region) made in batches, each code worth an amount of
 * YBI until it expires; the new codes are shown once. A code can be sent to a user by mail or SMS.
 */
export function TerritoryPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const zone = useTimeZone((state) => state.zone);
  const [form] = Form.useForm<CreateValues>();
  const [creating, setCreating] = useState(false);
  const [batch, setBatch] = useState<CodeBatch | null>(null);

  const create = async (values: CreateValues) => {
    setCreating(true);
    try {
      const made = await walletApi.createCodes({
        amount: values.amount.trim(),
        count: values.count,
        expiresAt: expiryIso(values.expiresAt, zone),
        ...(values.territory ? { territory: values.territory } : {}),
      });
      setBatch(made);
      form.resetFields();
    } catch {
      // The server's reason was shown as a toast; the form keeps its values.
    } finally {
      setCreating(false);
    }
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card variant="borderless" title={t('walletTools.createCodes')}>
          <Form
            form={form}
            layout="vertical"
            initialValues={{ count: 1 }}
            onFinish={(values) => void create(values)}
            data-testid="territory-create"
          >
            <Form.Item
              name="amount"
              label={t('walletTools.codeAmount')}
              rules={[
                { required: true, message: t('walletTools.amountRequired') },
                zodRule(sdkSchemas.create.shape.amount, lang),
              ]}
            >
              <Input suffix="YBI" inputMode="decimal" maxLength={40} data-testid="territory-amount" />
            </Form.Item>
            <Form.Item
              name="count"
              label={t('walletTools.codeCount')}
              rules={[
                {
                  required: true,
                  type: 'integer',
                  min: 1,
                  max: COUNT_MAX,
                  message: t('walletTools.countRange'),
                },
              ]}
            >
              <InputNumber
                min={1}
                max={COUNT_MAX}
                precision={0}
                style={{ width: '100%' }}
                data-testid="territory-count"
              />
            </Form.Item>
            <Form.Item
              name="expiresAt"
              label={t('walletTools.expiresAt')}
              extra={t('walletTools.expiresZone', { zone })}
              rules={[
                { required: true, message: t('walletTools.expiresRequired') },
                {
                  validator: (_rule, value: Dayjs | undefined) =>
                    !value || value.format(DATE_TIME) > inTimeZone(Date.now(), zone).format(DATE_TIME)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('walletTools.expiresPast'))),
                },
              ]}
            >
              <DatePicker
                showTime
                format={DATE_TIME}
                disabledDate={(day) =>
                  day.format('YYYY-MM-DD') < inTimeZone(Date.now(), zone).format('YYYY-MM-DD')
                }
                style={{ width: '100%' }}
                data-testid="territory-expires"
              />
            </Form.Item>
            <Form.Item
              name="territory"
              label={t('walletTools.territory')}
              extra={t('walletTools.territoryHint')}
            >
              <RegionSelect />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={creating} data-testid="territory-submit">
              {t('walletTools.create')}
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card variant="borderless" title={t('walletTools.sendCodeTitle')}>
          <SendCodeForm testId="territory-send" />
        </Card>
      </Col>
      {batch ? <CodesDialog batch={batch} onClose={() => setBatch(null)} /> : null}
    </Row>
  );
}
