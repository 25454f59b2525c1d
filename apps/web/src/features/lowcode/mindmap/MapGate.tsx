import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type MindmapRow, mindmapApi } from './mindmapApi.ts';

/** The query key of a map as the screens read it; a save marks it stale so a runner shows the saved tree. */
export const mapKey = (id: string) => ['mindmap-map', id];

/**
 * Loads a map and shows why it cannot be shown (not an id, no such map, a failed load) instead of the screen; the
 * screen renders once the map is known. Read afresh on every opening: another tab may have saved it meanwhile.
 */
export function MapGate(props: { id: string; children: (row: MindmapRow) => ReactNode }) {
  const { t } = useTranslation();
  const valid = /^\d{1,19}$/.test(props.id);
  const map = useQuery({
    queryKey: mapKey(props.id),
    queryFn: () => mindmapApi.detail(props.id),
    enabled: valid,
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  if (!valid) {
    return <Result status="404" title={t('mindmap.missing')} data-testid="mindmap-missing" />;
  }
  if (map.isError) {
    return (
      <Result
        status="error"
        title={t('common.loadFailed')}
        subTitle={map.error instanceof Error ? map.error.message : ''}
        extra={<Button onClick={() => void map.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  if (!map.data) {
    return <Spin style={{ display: 'block', margin: 48 }} />;
  }
  return <>{props.children(map.data)}</>;
}
