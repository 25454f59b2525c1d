import { useQueryClient } from '@tanstack/react-query';
import { saveFormJson } from '@yuan/contract/lowcode/form-design';
import { type FormJson, formJsonSchema } from '@yuan/contract/lowcode/form-json';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { toastError, toastSuccess } from '../../../shared/ui/feedback.ts';
import { forgetDefaultPages } from '../designList/useDefaultPage.ts';
import { type PageRow, pageDesignApi } from './designApi.ts';
import type { DesignAction, DesignState } from './designState.ts';
import { type EntityField, unboundFields } from './entityBinding.ts';
import { issueText } from './importJson.ts';

/**
 * The designer's save: what the schema refuses is said and not sent; on a form of an entity, fields bound to none of
 * its fields (a generated key such as 1795757663206_60477) are named first, and saved only when the user says so.
 */
export function useSaveDesign(
  page: Omit<PageRow, 'formJson'>,
  state: DesignState,
  dispatch: (action: DesignAction) => void,
  entityFields: readonly EntityField[],
): { saving: boolean; save: () => void } {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const client = useQueryClient();
  const lang = useLanguage();
  const [saving, setSaving] = useState(false);
  const send = async (formJson: FormJson) => {
    setSaving(true);
    try {
      await pageDesignApi.save({
        id: page.id,
        pageNo: page.pageNo,
        pageName: page.pageName,
        entId: page.entId,
        formJson,
      });
      dispatch({ type: 'saved' });
      forgetDefaultPages(client);
      toastSuccess(t('pageDesign.saved'));
    } catch {
      // The request client has shown the server's refusal.
    } finally {
      setSaving(false);
    }
  };
  const save = () => {
    const formJson = saveFormJson(state.json);
    const checked = formJsonSchema.safeParse(formJson);
    if (!checked.success) {
      toastError(issueText(checked.error, lang));
      return;
    }
    // A form without an entity, or of one without fields, has nothing to bind to.
    const unbound = entityFields.length > 0 ? unboundFields(state.json.column, entityFields) : [];
    if (unbound.length === 0) {
      void send(formJson);
      return;
    }
    const names = unbound.map((field) => field.label || field.prop || '').join(lang === 'en' ? ', ' : '、');
    modal.confirm({
      title: t('pageDesign.unbound.title'),
      content: t('pageDesign.unbound.content', { names }),
      okText: t('pageDesign.unbound.save'),
      cancelText: t('pageDesign.unbound.back'),
      className: 'page-design-unbound',
      onOk: () => {
        void send(formJson);
      },
    });
  };
  return { saving, save };
}
