import type { FormField } from '@yuan/contract/lowcode/form-json';
import { Form, Input, InputNumber, Switch } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextKey } from '../../../shared/i18n/index.ts';

/** What every part of the field panel receives: the field and where its next version goes. */
export interface FieldPartProps {
  field: FormField;
  onChange: (next: FormField) => void;
}

/** The field with `key` set, or without it when the value is empty (the JSON keeps only what was given). */
export function withProp<K extends keyof FormField>(
  field: FormField,
  key: K,
  value: FormField[K] | null,
): FormField {
  if (value === null || value === undefined || value === '') {
    const { [key]: _dropped, ...rest } = field;
    return rest as FormField;
  }
  return { ...field, [key]: value };
}

export function PropRow({ label, children }: { label: TextKey; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t(label)} style={{ marginBottom: 8 }}>
      {children}
    </Form.Item>
  );
}

type KeysOf<T> = {
  [K in keyof FormField]-?: NonNullable<FormField[K]> extends T ? K : never;
}[keyof FormField];

interface NumberPropProps extends FieldPartProps {
  name: KeysOf<number>;
  label: TextKey;
  min?: number;
  max?: number;
  step?: number;
}

/** A number property; the SPEC §5 bounds are the input's own, and the contract schema reports the rest. */
export function NumberProp({ field, onChange, name, label, min, max, step }: NumberPropProps) {
  return (
    <PropRow label={label}>
      <InputNumber
        aria-label={name}
        value={field[name] as number | undefined}
        min={min}
        max={max}
        step={step}
        style={{ width: '100%' }}
        onChange={(value) => onChange(withProp(field, name, value))}
      />
    </PropRow>
  );
}

export function SwitchProp({
  field,
  onChange,
  name,
  label,
  fallback = false,
}: FieldPartProps & { name: KeysOf<boolean>; label: TextKey; fallback?: boolean }) {
  return (
    <PropRow label={label}>
      <Switch
        aria-label={name}
        size="small"
        checked={(field[name] as boolean | undefined) ?? fallback}
        onChange={(checked) => onChange({ ...field, [name]: checked })}
      />
    </PropRow>
  );
}

export function TextProp({
  field,
  onChange,
  name,
  label,
}: FieldPartProps & { name: KeysOf<string>; label: TextKey }) {
  return (
    <PropRow label={label}>
      <Input
        aria-label={name}
        value={(field[name] as string | undefined) ?? ''}
        onChange={(event) => onChange(withProp(field, name, event.target.value))}
      />
    </PropRow>
  );
}

/** A text taken when it loses focus or on Enter: the prop names the field, so half-typed props are not applied. */
export function CommitInput({
  value,
  onCommit,
  ariaLabel,
}: {
  value: string;
  onCommit: (value: string) => void;
  ariaLabel: string;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    const next = draft.trim();
    if (next && next !== value) {
      onCommit(next);
    } else {
      setDraft(value);
    }
  };
  return (
    <Input
      aria-label={ariaLabel}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onPressEnter={commit}
    />
  );
}
