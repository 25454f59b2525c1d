import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MindmapRunner } from './MindmapRunner.tsx';
import { mindmapApi } from './mindmapApi.ts';

/** /mindmap/test: any map of the tenant, picked by name, run as the exec view runs it. */
export function MindmapTestPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [id, setId] = useState<string>();
  const maps = useQuery({
    queryKey: ['mindmap-pick', search],
    queryFn: () => mindmapApi.list(search.trim()),
    staleTime: 10_000,
  });
  const options = (maps.data?.records ?? []).map((row) => ({ value: row.id, label: String(row.name) }));
  return (
    <Card variant="borderless" data-testid="mindmap-test">
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label={t('mindmap.test.pick')} htmlFor="mindmap-test-pick">
          <Select
            id="mindmap-test-pick"
            data-testid="mindmap-test-pick"
            style={{ width: 320 }}
            // The server searches by name: what is typed is sent, not filtered among the first page here.
            showSearch={{ filterOption: false, onSearch: setSearch }}
            loading={maps.isFetching}
            placeholder={t('mindmap.test.pickPlaceholder')}
            value={id}
            options={options}
            onChange={(value: string) => setId(value)}
            notFoundContent={maps.isFetching ? null : t('mindmap.test.none')}
          />
        </Form.Item>
      </Form>
      {id ? <MindmapRunner key={id} id={id} /> : <Empty description={t('mindmap.test.empty')} />}
    </Card>
  );
}
