import type { FormField } from '@yuan/contract/lowcode/form-json';
import { useTranslation } from 'react-i18next';
import type { Translate } from './types.ts';

/** The translation function typed for the catalogue's keys. */
export function useTexts(): Translate {
  const { t } = useTranslation();
  return t as Translate;
}

/** The field's own placeholder, else '请输入{label}' for typed and '请选择{label}' for picked values. */
export function usePlaceholder(field: FormField, label: string, choice = false): string {
  const t = useTexts();
  return field.placeholder ?? t(choice ? 'schemaForm.choose' : 'schemaForm.placeholder', { label });
}
