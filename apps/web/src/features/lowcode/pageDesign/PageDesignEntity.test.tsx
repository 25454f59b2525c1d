import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { renderPageDesigner } from '../../../test/pageDesigner.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope } from '../../../test/responses.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';

initI18n();

const { fetchMock } = setUpRequests();

beforeEach(stubLayout);
afterEach(() => i18next.changeLanguage('zh'));

const PAGE = { id: '7', pageNo: 'order', pageName: '订单', entId: '3' };
const ELEMENTS = [
  {
    eleNo: 'title',
    eleName: '标题',
    dataTyp: 'string',
    verifyJson: { required: true, stringRange: [2, 20] },
    sort: 0,
  },
  { eleNo: 'birthday', eleName: '生日', dataTyp: 'date', verifyJson: {}, sort: 1 },
];
const GENERATED = '1795757663206_60477';

/** Answers the page, its entity (two fields) and the save; returns the bodies of the saves. */
function serve(formJson: unknown): { formJson: { column: Record<string, unknown>[] } }[] {
  const saved: { formJson: { column: Record<string, unknown>[] } }[] = [];
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url);
    if (path.includes('dtpage/getDetail')) {
      return envelope({ ...PAGE, formJson });
    }
    if (path.includes('dtentity/getDetail')) {
      return envelope({ id: '3', elements: ELEMENTS });
    }
    saved.push(JSON.parse(String(init?.body)));
    return envelope(true);
  });
  return saved;
}

async function renderDesigner(lang: 'zh' | 'en' = 'zh') {
  await i18next.changeLanguage(lang);
  await renderPageDesigner();
}

const button = (name: string, within: HTMLElement | Document = document) =>
  Array.from(within.querySelectorAll('button')).find((item) => item.textContent === name) as HTMLElement;

describe("the entity's fields in the palette", () => {
  for (const [lang, group] of [
    ['zh', '实体字段'],
    ['en', 'Entity fields'],
  ] as const) {
    it(`lists them with their types and adds each one bound, once (${lang})`, async () => {
      const saved = serve(null);
      await renderDesigner(lang);
      const palette = screen.getByTestId('palette-elements');
      expect(within(palette).getByText(group)).toBeTruthy();
      const title = screen.getByTestId('palette-element-title');
      expect(title.textContent).toBe('标题string');
      expect(screen.getByTestId('palette-element-birthday').textContent).toBe('生日date');

      fireEvent.click(title);
      await screen.findByTestId('canvas-field-title');
      // The new widget is selected and already bound: its key is the field's code.
      expect((screen.getByLabelText('prop') as HTMLInputElement).value).toBe('title');
      await waitFor(() => expect((title as HTMLButtonElement).disabled).toBe(true));
      expect(title.dataset.placed).toBe('true');
      fireEvent.click(title);
      expect(screen.getAllByTestId('canvas-field-title')).toHaveLength(1);

      fireEvent.click(screen.getByTestId('palette-element-birthday'));
      await screen.findByTestId('canvas-field-birthday');
      fireEvent.click(screen.getByTestId('page-design-save'));
      // Every field is bound: nothing to confirm.
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]?.formJson.column).toMatchObject([
        { type: 'input', prop: 'title', label: '标题', required: true, maxlength: 20 },
        { type: 'date', prop: 'birthday', label: '生日', required: false, valueFormat: 'YYYY-MM-DD' },
      ]);
    });
  }
});

describe('saving a form with fields bound to no entity field', () => {
  for (const [lang, back, save] of [
    ['zh', '返回修改', '保存'],
    ['en', 'Go back', 'Save anyway'],
  ] as const) {
    it(`names them and saves only once confirmed (${lang})`, async () => {
      const saved = serve({
        column: [
          { type: 'input', prop: GENERATED, label: '备注' },
          {
            type: 'group',
            prop: 'g',
            label: '分组',
            children: { column: [{ type: 'date', prop: 'd', label: '日子' }] },
          },
          { type: 'input', prop: 'title', label: '标题' },
        ],
      });
      await renderDesigner(lang);
      fireEvent.click(screen.getByTestId('page-design-save'));
      const dialog = (await screen.findByRole('dialog')) as HTMLElement;
      const text = dialog.textContent ?? '';
      expect(text).toContain(lang === 'zh' ? '备注、日子' : '备注, 日子');
      // The bound field and the group around a field are not named.
      expect(text).not.toContain('标题');
      expect(text).not.toContain('分组');
      fireEvent.click(button(back, dialog));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(saved).toHaveLength(0);

      fireEvent.click(screen.getByTestId('page-design-save'));
      fireEvent.click(button(save, (await screen.findByRole('dialog')) as HTMLElement));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]?.formJson.column.map((field) => field.prop)).toEqual([GENERATED, 'title']);
    });
  }
});

describe('返回 on the form designer', () => {
  for (const [lang, back, question, ok] of [
    ['zh', '返回', '有未保存的修改，确定要离开吗？', '确定'],
    ['en', 'Back', 'There are unsaved changes. Leave anyway?', 'OK'],
  ] as const) {
    it(`goes to the entity's forms, asking first when there are unsaved changes (${lang})`, async () => {
      serve(null);
      await renderDesigner(lang);
      fireEvent.click(screen.getByTestId('palette-input'));
      const leave = screen.getByTestId('page-design-back');
      expect(leave.textContent).toBe(back);
      fireEvent.click(leave);
      const dialog = (await screen.findByRole('dialog')) as HTMLElement;
      expect(dialog.textContent).toContain(question);
      expect(screen.queryByTestId('where')).toBeNull();
      fireEvent.click(button(ok, dialog));
      expect((await screen.findByTestId('where')).textContent).toBe('/page/3');
    });
  }

  it('leaves at once when nothing is unsaved', async () => {
    serve(null);
    await renderDesigner();
    fireEvent.click(screen.getByTestId('page-design-back'));
    expect((await screen.findByTestId('where')).textContent).toBe('/page/3');
  });
});

describe("a selected field's copy and delete buttons", () => {
  // The strip comes before the control in the flow (pageDesign.css does not lay it over the control).
  it("sit in a strip above the field's control, not over its icons", async () => {
    serve({ column: [{ type: 'date', prop: 'birthday', label: '生日' }] });
    await renderDesigner();
    const field = screen.getByTestId('canvas-field-birthday');
    fireEvent.click(field);
    const actions = await screen.findByTestId('canvas-actions-birthday');
    const item = field.querySelector('.ant-form-item') as HTMLElement;
    expect(item.querySelector('.ant-picker-suffix')).toBeTruthy();
    expect(item.contains(actions)).toBe(false);
    expect(actions.compareDocumentPosition(item) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(actions).getByLabelText('复制')).toBeTruthy();
  });
});
