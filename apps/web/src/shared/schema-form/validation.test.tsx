import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { encodeMessage, renderMessage } from '@yuan/contract/form-messages';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setUpRequests } from '../../test/requestHarness.ts';
import { renderSchemaForm, stubLayout } from '../../test/schemaForm.tsx';
import { initI18n, translate } from '../i18n/index.ts';

initI18n();
setUpRequests();
beforeEach(stubLayout);
afterEach(() => i18next.changeLanguage('zh'));

const submit = () => fireEvent.click(screen.getByRole('button', { name: /提交|Submit/ }));
const errors = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);

describe('rules generated from the field JSON', { timeout: 60_000 }, () => {
  it("says '{label}必须填写' for typed fields and '请选择{label}' for choices, '{label}格式不匹配' for a pattern", async () => {
    const { onSubmit } = renderSchemaForm({
      column: [
        { type: 'input', prop: 'name', label: '姓名', required: true },
        { type: 'number', prop: 'age', label: '年龄', required: true },
        {
          type: 'select',
          prop: 'city',
          label: '城市',
          required: true,
          dicData: [{ label: '北京', value: 'bj' }],
        },
        { type: 'date', prop: 'day', label: '日期', required: true },
        {
          type: 'checkbox',
          prop: 'tags',
          label: '标签',
          required: true,
          dicData: [{ label: 'a', value: 'a' }],
        },
        { type: 'upload', prop: 'files', label: '附件', required: true },
        { type: 'ueditor', prop: 'body', label: '正文', required: true, valueDefault: '<p><br></p>' },
        { type: 'input', prop: 'code', label: '编号', pattern: '^\\d+$' },
        { type: 'input', prop: 'own', label: '自定', rules: [{ pattern: '^x', message: '以x开头' }] },
      ],
    });
    fireEvent.change(document.getElementById('sf_code') as HTMLInputElement, { target: { value: 'abc' } });
    fireEvent.change(document.getElementById('sf_own') as HTMLInputElement, { target: { value: 'y' } });
    submit();
    await waitFor(() =>
      expect(errors()).toEqual([
        '姓名必须填写',
        '年龄必须填写',
        '请选择城市',
        '请选择日期',
        '请选择标签',
        '请选择附件',
        '正文必须填写',
        '编号格式不匹配',
        '以x开头',
      ]),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('speaks English in English', async () => {
    await i18next.changeLanguage('en');
    renderSchemaForm({
      column: [
        { type: 'input', prop: 'name', label: 'Name', required: true },
        { type: 'radio', prop: 'kind', label: 'Kind', required: true, dicData: [{ label: 'A', value: 1 }] },
        { type: 'input', prop: 'code', label: 'Code', pattern: '^\\d+$', valueDefault: 'x' },
        { type: 'url', prop: 'site', label: 'Site', valueDefault: 'not a link' },
      ],
    });
    screen.getByRole('button', { name: 'Clear' });
    submit();
    await waitFor(() =>
      expect(errors()).toEqual([
        'Name is required',
        'Please choose Kind',
        'Code has the wrong format',
        'Site is not a valid URL',
      ]),
    );
  });

  it('words them as the system dialogs and the server do, in both languages', async () => {
    for (const lang of ['zh', 'en'] as const) {
      await i18next.changeLanguage(lang);
      for (const [key, contractKey] of [
        ['schemaForm.required', 'form.required'],
        ['schemaForm.choose', 'form.choose'],
        ['schemaForm.pattern', 'form.pattern'],
      ] as const) {
        expect(translate(key, { label: 'X' })).toBe(
          renderMessage(lang, encodeMessage(contractKey, { label: 'X' })),
        );
      }
    }
  });

  it('lets a host replace the generated rules of a prop', async () => {
    renderSchemaForm(
      { column: [{ type: 'input', prop: 'paramName', label: '参数名称', required: true }] },
      { rules: { paramName: [{ required: true, message: '请输入参数名称' }] } },
    );
    submit();
    await waitFor(() => expect(errors()).toEqual(['请输入参数名称']));
  });
});

describe('the sub-form', { timeout: 60_000 }, () => {
  const json = {
    column: [
      {
        type: 'dynamic',
        prop: 'lines',
        label: '明细',
        children: {
          index: true,
          column: [
            { type: 'input', prop: 'item', label: '品名', required: true },
            { type: 'number', prop: 'qty', label: '数量', valueDefault: 1 },
          ],
        },
      },
    ],
  };
  const rows = () => screen.queryAllByTestId('schema-dynamic-row');

  it('adds rows with the children defaults, deletes them, and checks each row with the same rules', async () => {
    const { onSubmit } = renderSchemaForm(json);
    screen.getByText('暂无数据');
    fireEvent.click(screen.getByRole('button', { name: /添加/ }));
    fireEvent.click(screen.getByRole('button', { name: /添加/ }));
    expect(rows()).toHaveLength(2);
    expect((document.getElementById('sf_lines_0_qty') as HTMLInputElement).value).toBe('1');
    fireEvent.change(document.getElementById('sf_lines_1_item') as HTMLInputElement, {
      target: { value: '螺丝' },
    });
    fireEvent.click(within(rows()[0] as HTMLElement).getByRole('button', { name: '删除' }));
    expect(rows()).toHaveLength(1);
    expect((document.getElementById('sf_lines_0_item') as HTMLInputElement).value).toBe('螺丝');

    fireEvent.click(screen.getByRole('button', { name: /添加/ }));
    submit();
    await waitFor(() => expect(errors()).toEqual(['品名必须填写']));
    fireEvent.change(document.getElementById('sf_lines_1_item') as HTMLInputElement, {
      target: { value: '垫片' },
    });
    submit();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        lines: [
          { item: '螺丝', qty: 1 },
          { item: '垫片', qty: 1 },
        ],
      }),
    );
  });

  it('offers neither add nor delete when the JSON turns them off', () => {
    renderSchemaForm(
      {
        column: [
          { ...json.column[0], children: { ...json.column[0]?.children, addBtn: false, delBtn: false } },
        ],
      },
      { values: { lines: [{ item: 'a', qty: 2 }] } },
    );
    expect(rows()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /添加/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
  });
});
