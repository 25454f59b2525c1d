import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CHOICE_TYPES, FIELD_TYPES } from '@yuan/contract/lowcode/form-fields';
import type { FormField } from '@yuan/contract/lowcode/form-json';
import { beforeEach, describe, expect, it } from 'vitest';
import { setTestAppConfig } from '../../test/appConfig.ts';
import { setUpRequests } from '../../test/requestHarness.ts';
import { renderSchemaForm, stubLayout } from '../../test/schemaForm.tsx';
import { initI18n } from '../i18n/index.ts';
import { widgets } from './registry.ts';

initI18n();
const { fetchMock } = setUpRequests();
beforeEach(stubLayout);

/** What shows that each type got its own widget, found inside the field's form item. */
const MARKS: Record<string, string> = {
  input: 'input.ant-input:not([inputmode])',
  password: '.ant-input-password input[type="password"]',
  textarea: 'textarea',
  number: '.ant-input-number',
  url: 'input[inputmode="url"]',
  array: '.ant-select-multiple',
  img: 'input[placeholder="图片地址"]',
  radio: '.ant-radio-group',
  checkbox: '.ant-checkbox-group',
  select: '.ant-select',
  cascader: '.ant-cascader',
  tree: '.ant-tree-select',
  entity: '.ant-select',
  upload: 'input[type="file"]',
  year: '.ant-picker',
  month: '.ant-picker',
  week: '.ant-picker',
  date: '.ant-picker',
  time: '.ant-picker',
  datetime: '.ant-picker',
  daterange: '.ant-picker-range',
  timerange: '.ant-picker-range',
  datetimerange: '.ant-picker-range',
  ueditor: '[role="textbox"][contenteditable="true"]',
  map: '.ant-input-number',
  switch: '.ant-switch',
  rate: '.ant-rate',
  slider: '.ant-slider',
  color: '.ant-color-picker-trigger',
  script: '.cm-editor',
};

function itemOf(label: string): HTMLElement {
  const node = screen.getByText(label, { selector: 'label' }).closest('.ant-form-item');
  expect(node, label).not.toBeNull();
  return node as HTMLElement;
}

describe('the widget registry', () => {
  it('has a widget for every SPEC §3 type, choices marked as the contract lists them', () => {
    for (const type of FIELD_TYPES) {
      const def = widgets[type];
      expect(def?.Widget ?? def?.Section, type).toBeDefined();
      if (def?.Widget) {
        expect(Boolean(def.choice), type).toBe(CHOICE_TYPES.has(type));
      }
    }
  });
});

describe('the schema form', { timeout: 60_000 }, () => {
  it('draws every field type with its own widget', async () => {
    const column: FormField[] = FIELD_TYPES.map((type) => {
      const field: FormField = { type, prop: `f_${type}`, label: `F-${type}`, span: 12 };
      if (type === 'group') {
        return {
          ...field,
          span: 24,
          children: { column: [{ type: 'input', prop: 'inGroup', label: 'In-group' }] },
        };
      }
      if (type === 'dynamic') {
        return { ...field, span: 24, children: { column: [{ type: 'input', prop: 'cell', label: 'Cell' }] } };
      }
      return field;
    });
    renderSchemaForm({ column });
    for (const type of FIELD_TYPES.filter((t) => t !== 'group' && t !== 'dynamic' && t !== 'script')) {
      expect(itemOf(`F-${type}`).querySelector(MARKS[type] ?? 'none'), type).not.toBeNull();
    }
    // The group is a titled section whose fields are ordinary fields; the sub-form a table of rows.
    expect(screen.getByTestId('schema-group-f_group').textContent).toContain('F-group');
    expect(itemOf('In-group').querySelector('input')).not.toBeNull();
    expect(screen.getByTestId('schema-dynamic-f_dynamic').textContent).toContain('Cell');
    expect(itemOf('F-map').querySelectorAll('.ant-input-number')).toHaveLength(2);
    // The script editor is its own chunk: a read-only box until it has loaded.
    await waitFor(() => expect(itemOf('F-script').querySelector(MARKS.script ?? '')).not.toBeNull());
  });

  it('applies the SPEC §9 form defaults and the §3 field defaults', () => {
    renderSchemaForm({
      column: [
        { type: 'input', prop: 'name', label: '名称', valueDefault: '默认名' },
        { type: 'rate', prop: 'score', label: '评分' },
        { type: 'slider', prop: 'level', label: '等级' },
        { type: 'upload', prop: 'files', label: '附件' },
      ],
    });
    const form = document.querySelector('form.schema-form') as HTMLFormElement;
    expect(form.style.getPropertyValue('--schema-form-label-suffix')).toBe('"："');
    expect(form.querySelector('.ant-form-item-label')?.getAttribute('style')).toContain('120px');
    screen.getByRole('button', { name: '提交' });
    screen.getByRole('button', { name: '清空' });
    const menu = screen.getByRole('button', { name: '提交' }).closest('.ant-form-item') as HTMLElement;
    expect(menu.style.textAlign).toBe('center');
    expect(screen.getByRole('button', { name: '提交' }).className).not.toMatch(/ant-btn-(sm|lg)/);
    screen.getByDisplayValue('默认名');
    expect(itemOf('评分').querySelectorAll('li.ant-rate-star')).toHaveLength(5);
    const handle = itemOf('等级').querySelector('[role="slider"]');
    expect(handle?.getAttribute('aria-valuemin')).toBe('0');
    expect(handle?.getAttribute('aria-valuemax')).toBe('10');
    expect(itemOf('附件').querySelector('input[type="file"]')?.hasAttribute('multiple')).toBe(true);
  });

  it('honours the form settings it is given: top labels, no clear button, own texts, right-aligned', () => {
    renderSchemaForm({
      labelPosition: 'top',
      emptyBtn: false,
      submitText: '保存',
      menuPosition: 'right',
      submitSize: 'small',
      column: [{ type: 'input', prop: 'a', label: 'A', display: false, valueDefault: 'kept' }],
    });
    expect(document.querySelector('form.ant-form-vertical')).not.toBeNull();
    expect(screen.queryByRole('button', { name: '清空' })).toBeNull();
    const save = screen.getByRole('button', { name: '保存' });
    expect(save.className).toMatch(/ant-btn-sm/);
    expect((save.closest('.ant-form-item') as HTMLElement).style.textAlign).toBe('right');
    // display false: nothing drawn, the value still submitted.
    expect(screen.queryByText('A', { selector: 'label' })).toBeNull();
  });

  it('submits hidden values and defaults with the typed ones', async () => {
    const { onSubmit } = renderSchemaForm({
      column: [
        { type: 'input', prop: 'hidden', display: false, valueDefault: 'kept' },
        { type: 'input', prop: 'name', label: '名称' },
      ],
    });
    fireEvent.change(document.getElementById('sf_name') as HTMLInputElement, { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ hidden: 'kept', name: 'x' }));
  });

  it('keeps a place as "lng,lat" and draws tiles only from a configured tile server', async () => {
    const { onSubmit } = renderSchemaForm({ column: [{ type: 'map', prop: 'place', label: '位置' }] });
    expect(screen.queryByTestId('map-tiles')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
    fireEvent.change(screen.getByRole('spinbutton', { name: '经度' }), { target: { value: '121.5' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: '纬度' }), { target: { value: '31.2' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ place: '121.5,31.2' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('draws the map from mapTileUrl when the application configures one', () => {
    setTestAppConfig({ mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png' });
    renderSchemaForm(
      { column: [{ type: 'map', prop: 'place', label: '位置' }] },
      { values: { place: '116.39,39.9' } },
    );
    const tiles = [...screen.getByTestId('map-tiles').querySelectorAll('img')].map((img) =>
      img.getAttribute('src'),
    );
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.every((src) => /^https:\/\/tiles\.example\/12\/\d+\/\d+\.png$/.test(src ?? ''))).toBe(true);
  });
});
