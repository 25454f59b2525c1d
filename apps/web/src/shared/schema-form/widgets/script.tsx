import { Input } from 'antd';
import { lazy, Suspense } from 'react';
import { usePlaceholder, useTexts } from '../texts.ts';
import type { WidgetDef, WidgetProps } from '../types.ts';

const CodeEditor = lazy(() => import('../CodeEditor.tsx').then((module) => ({ default: module.CodeEditor })));

/** A script typed in CodeMirror (JavaScript); the editor is fetched the first time a script field is shown. */
export function ScriptWidget({ field, label, id, value, onChange, onBlur, disabled, readOnly }: WidgetProps) {
  const t = useTexts();
  const placeholder = usePlaceholder(field, label);
  return (
    <Suspense fallback={<Input.TextArea rows={8} readOnly placeholder={t('schemaForm.loading')} />}>
      <CodeEditor
        id={id}
        value={typeof value === 'string' ? value : ''}
        onChange={onChange}
        onBlur={onBlur}
        placeholder={placeholder}
        readOnly={Boolean(disabled || readOnly)}
      />
    </Suspense>
  );
}

export const scriptWidget: WidgetDef = { Widget: ScriptWidget };
