import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { FormJson } from '@yuan/contract/lowcode/form-json';
import { vi } from 'vitest';
import { SchemaForm, type SchemaFormProps } from '../shared/schema-form/SchemaForm.tsx';
import { renderInApp } from './renderScreen.tsx';

/**
 * jsdom has no layout: no ResizeObserver (antd's selects, sliders and text areas measure themselves with it) and
 * no client rectangles of a text range (CodeMirror asks for them).
 */
export function stubLayout(): void {
  if (typeof Range.prototype.getClientRects !== 'function') {
    Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect = () => new DOMRect();
  }
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

/** Renders a form JSON with the one renderer, as the app does (query client, antd button texts); answers submit. */
export function renderSchemaForm(json: Partial<FormJson>, props: Partial<SchemaFormProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onSubmit = vi.fn();
  const view = renderInApp(
    <QueryClientProvider client={client}>
      <SchemaForm json={json} name="sf" onSubmit={onSubmit} {...props} />
    </QueryClientProvider>,
  );
  return { ...view, onSubmit };
}
