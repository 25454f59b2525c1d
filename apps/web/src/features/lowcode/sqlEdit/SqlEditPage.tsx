import { CaretRightOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, Row, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../stores/session.ts';
import { LazySqlEditor } from './LazySqlEditor.tsx';
import { ParamsEditor } from './ParamsEditor.tsx';
import { type ParamRow, placeholderCount, resizeRows, rowsOf } from './params.ts';
import { QueryBuilder } from './QueryBuilder.tsx';
import { ResultSummary, ResultTable } from './ResultTable.tsx';
import type { SplicedSql } from './sqlApi.ts';
import { useSqlRunner } from './useSqlRunner.ts';
import { useSqlSchema } from './useSqlSchema.ts';

/**
 * /sqledit: one SELECT over the tenant's entities (by their codes), with `$n` parameters, run read-only by the server
 * (button sqlEdit_test); the visual builder writes such a query from a few choices.
 */
export function SqlEditPage() {
  const { t } = useTranslation();
  const canRun = useSession((state) => state.permission.sqlEdit_test === true);
  const schema = useSqlSchema();
  const runner = useSqlRunner();
  const [sql, setSql] = useState('');
  const [rows, setRows] = useState<ParamRow[]>([]);

  const edit = (next: string) => {
    setSql(next);
    // The parameters follow the query: as many lines as its highest $n, the values typed so far kept.
    setRows((current) => resizeRows(current, placeholderCount(next)));
  };
  const fill = (spliced: SplicedSql) => {
    setSql(spliced.sql);
    setRows(resizeRows(rowsOf(spliced.params), placeholderCount(spliced.sql)));
  };
  const run = () => {
    if (canRun) {
      runner.run(sql, rows);
    }
  };
  const tables = schema.data ?? [];

  return (
    <Row gutter={[16, 16]} data-testid="sql-edit">
      <Col xs={24} xl={15}>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Card
            variant="borderless"
            title={t('builder.sql.query')}
            extra={
              canRun ? (
                <Space>
                  <Typography.Text type="secondary">{t('builder.sql.runHint')}</Typography.Text>
                  <Button
                    type="primary"
                    icon={<CaretRightOutlined />}
                    loading={runner.running}
                    onClick={run}
                    data-testid="sql-run"
                  >
                    {t('builder.sql.run')}
                  </Button>
                </Space>
              ) : null
            }
          >
            <LazySqlEditor
              value={sql}
              onChange={edit}
              tables={tables}
              onRun={run}
              placeholder={t('builder.sql.placeholder')}
              testId="sql-editor"
            />
          </Card>
          <Card variant="borderless" title={t('builder.sql.params')} size="small">
            <ParamsEditor rows={rows} onChange={setRows} />
          </Card>
          <Card variant="borderless" title={t('builder.sql.result')} data-testid="sql-result">
            <Spin spinning={runner.running}>
              {runner.problem ? (
                <Alert type="error" showIcon title={runner.problem} data-testid="sql-error" />
              ) : runner.result ? (
                <Space orientation="vertical" style={{ width: '100%' }}>
                  <ResultSummary result={runner.result} />
                  <ResultTable result={runner.result} testId="sql-rows" />
                </Space>
              ) : (
                <Empty description={t(canRun ? 'builder.sql.notRun' : 'builder.sql.noRunPermission')} />
              )}
            </Spin>
          </Card>
        </Space>
      </Col>
      <Col xs={24} xl={9}>
        <Card variant="borderless" title={t('builder.sql.builder')} data-testid="sql-builder">
          {schema.isPending ? (
            <Spin />
          ) : schema.isError ? (
            <Alert
              type="warning"
              showIcon
              title={t('builder.sql.schemaFailed')}
              action={
                <Button size="small" onClick={() => void schema.refetch()}>
                  {t('common.retry')}
                </Button>
              }
            />
          ) : tables.length === 0 ? (
            <Empty description={t('builder.sql.noTables')} />
          ) : (
            <QueryBuilder tables={tables} onSpliced={fill} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
