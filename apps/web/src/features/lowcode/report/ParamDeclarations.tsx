import { ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { REPORT_PARAM_TYPES } from '@yuan/contract/develop/report';
import { Button, Checkbox, Form, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The contract's rule for a parameter's name: it is also the key the viewer sends the value under. */
const NAME = /^[a-zA-Z][a-zA-Z0-9_]{0,31}$/;
/** The contract allows at most this many parameters per report. */
const MAX_PARAMS = 20;

/**
 * The report's parameters, one line each: name, label, type, required, default. Their order is the binding: the
 * first line is `$1` of the query, the second `$2`, so a line can be moved up.
 */
export function ParamDeclarations() {
  const { t } = useTranslation();
  return (
    <Form.List name="params">
      {(items, { add, remove, move }) => (
        <Space orientation="vertical" style={{ width: '100%' }} size={4} data-testid="report-param-lines">
          {items.map((item, index) => (
            <Space key={item.key} align="start" wrap data-testid={`report-param-${index}`}>
              <Typography.Text code style={{ display: 'inline-block', width: 36, marginTop: 5 }}>
                ${index + 1}
              </Typography.Text>
              <Form.Item
                name={[item.name, 'name']}
                rules={[
                  { required: true, message: t('builder.report.paramNameRequired') },
                  { pattern: NAME, message: t('builder.report.paramNamePattern') },
                ]}
                style={{ marginBottom: 8 }}
              >
                <Input placeholder={t('builder.report.paramName')} style={{ width: 130 }} />
              </Form.Item>
              <Form.Item
                name={[item.name, 'label']}
                rules={[
                  { required: true, whitespace: true, message: t('builder.report.paramLabelRequired') },
                  { max: 64, message: t('builder.report.paramLabelMax') },
                ]}
                style={{ marginBottom: 8 }}
              >
                <Input placeholder={t('builder.report.paramLabel')} style={{ width: 130 }} />
              </Form.Item>
              <Form.Item name={[item.name, 'type']} initialValue="string" style={{ marginBottom: 8 }}>
                <Select
                  style={{ width: 100 }}
                  aria-label={t('builder.report.paramType')}
                  options={REPORT_PARAM_TYPES.map((value) => ({
                    value,
                    label: t(`builder.report.paramType.${value}`),
                  }))}
                />
              </Form.Item>
              <Form.Item name={[item.name, 'required']} valuePropName="checked" style={{ marginBottom: 8 }}>
                <Checkbox>{t('builder.report.paramRequiredBox')}</Checkbox>
              </Form.Item>
              <Form.Item
                name={[item.name, 'defaultValue']}
                rules={[{ max: 200, message: t('builder.report.paramDefaultMax') }]}
                style={{ marginBottom: 8 }}
              >
                <Input placeholder={t('builder.report.paramDefault')} style={{ width: 130 }} />
              </Form.Item>
              <Button
                icon={<ArrowUpOutlined />}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
                aria-label={t('builder.report.paramUp')}
              />
              <Button
                icon={<DeleteOutlined />}
                onClick={() => remove(item.name)}
                aria-label={t('builder.report.paramRemove')}
              />
            </Space>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={items.length >= MAX_PARAMS}
            onClick={() => add({ type: 'string' })}
            data-testid="report-param-add"
          >
            {t('builder.report.paramAdd')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}
