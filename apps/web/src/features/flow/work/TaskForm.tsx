import { useQuery } from '@tanstack/react-query';
import { Alert, type FormInstance, Spin } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../../../shared/schema-form/index.ts';
import { pageDesignApi } from '../../lowcode/pageDesign/designApi.ts';
import { storedFormJson } from '../../lowcode/pageDesign/importJson.ts';

interface Props {
  pageId: string;
  form: FormInstance;
  /** Whether the designed form is shown (false while it loads or when it cannot be read). */
  onReady: (ready: boolean) => void;
}

/**
 * The designed form (a form designer page) a user task asks for: its values become process variables when the
 * task is completed. Loaded lazily, with the form renderer, only for tasks that have one.
 */
export function TaskForm({ pageId, form, onReady }: Props) {
  const { t } = useTranslation();
  const page = useQuery({
    queryKey: ['flow-task-form', pageId],
    queryFn: () => pageDesignApi.detail(pageId),
    retry: false,
  });
  const json = useMemo(
    () => (page.data ? { ...storedFormJson(page.data.formJson), menuBtn: false } : null),
    [page.data],
  );
  useEffect(() => {
    onReady(json !== null);
  }, [json, onReady]);
  if (page.isPending) {
    return <Spin />;
  }
  if (!json) {
    return <Alert type="warning" showIcon title={t('flow.work.formMissing')} style={{ marginBottom: 12 }} />;
  }
  return (
    <div className="flow-task-form" data-testid="flow-task-form">
      <SchemaForm json={json} form={form} name="flow-task-form" />
    </div>
  );
}
