import type { FormJson } from '@yuan/contract/lowcode/form-json';
import { Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../../../shared/schema-form/index.ts';

/** The design drawn by the one renderer, as users will fill it; a submit shows the values it gives. */
export function PreviewModal({
  open,
  json,
  onClose,
}: {
  open: boolean;
  json: FormJson;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, unknown> | null>(null);
  return (
    <Modal
      open={open}
      title={t('pageDesign.toolbar.preview')}
      onCancel={onClose}
      afterClose={() => setValues(null)}
      footer={null}
      width={960}
      destroyOnHidden
    >
      <SchemaForm json={json} name="page-design-preview" onSubmit={setValues} />
      {values ? (
        <>
          <Typography.Title level={5}>{t('pageDesign.preview.values')}</Typography.Title>
          <pre className="page-design-json" data-testid="page-design-preview-values">
            {JSON.stringify(values, null, 2)}
          </pre>
        </>
      ) : null}
    </Modal>
  );
}
