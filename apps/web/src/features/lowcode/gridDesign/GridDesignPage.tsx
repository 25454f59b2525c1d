import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** /grid/edit/:id — the grid designer. */
export function GridDesignPage() {
  const { t } = useTranslation();
  return <Result status="404" subTitle={t('gridDesign.notFound')} />;
}
