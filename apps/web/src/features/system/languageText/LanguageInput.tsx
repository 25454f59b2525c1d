import { AutoComplete } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_CHOICES } from './languages.ts';

interface LanguageInputProps {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  allowClear?: boolean;
  testId?: string;
}

/** zh / en to pick, or another language code typed in (a select alone would not allow ja). */
export function LanguageInput({ value, onChange, id, allowClear, testId }: LanguageInputProps) {
  const { t } = useTranslation();
  return (
    <AutoComplete
      id={id}
      value={value}
      onChange={(next: string) => onChange?.(next.trim())}
      options={LANGUAGE_CHOICES}
      allowClear={allowClear}
      placeholder={t('i18nAdmin.languagePlaceholder')}
      style={{ minWidth: 200 }}
      data-testid={testId}
    />
  );
}
