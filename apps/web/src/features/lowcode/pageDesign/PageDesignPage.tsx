import { useQuery } from '@tanstack/react-query';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageSpinner } from '../../../shared/components/PageSpinner.tsx';
import { entityApi } from '../api.ts';
import { Designer } from './Designer.tsx';
import { pageDesignApi } from './designApi.ts';
import { storedFormJson } from './importJson.ts';

/** /page/edit/:id — the form designer of one designed page, with its entity's fields to bind. */
export function PageDesignPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const page = useQuery({
    queryKey: ['page-design', id],
    queryFn: () => pageDesignApi.detail(id),
    gcTime: 0,
  });
  const entId = page.data?.entId ?? '';
  const entity = useQuery({
    queryKey: ['page-design-entity', entId],
    queryFn: () => entityApi.detail(entId),
    enabled: entId !== '',
  });
  if (page.isPending || (entId !== '' && entity.isPending)) {
    return <PageSpinner />;
  }
  if (!page.data) {
    return <Result status="404" subTitle={t('pageDesign.notFound')} data-testid="page-design-missing" />;
  }
  const { formJson, ...row } = page.data;
  return (
    <Designer
      key={row.id}
      page={row}
      json={storedFormJson(formJson)}
      entityFields={entity.data?.elements ?? []}
    />
  );
}
