import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope } from '../../../test/responses.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import type { EntityRow } from '../api.ts';
import { EntityEditor } from './EntityEditor.tsx';

initI18n();

const { fetchMock } = setUpRequests();

// The picker's drop-down measures itself.
beforeEach(stubLayout);
afterEach(() => i18next.changeLanguage('zh'));

/** Answers the pickers' lists with nothing and records the bodies of the saves. */
function serve(): Record<string, unknown>[] {
  const saved: Record<string, unknown>[] = [];
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url).includes('listElementDefines')) {
      return envelope([]);
    }
    if (String(url).includes('parent-list') || String(url).includes('fnEntityList')) {
      return envelope({ records: [], total: 0 });
    }
    saved.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return envelope({ id: '9', version: 1 });
  });
  return saved;
}

function renderEditor(entity: EntityRow | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderInApp(
    <QueryClientProvider client={client}>
      <EntityEditor open entity={entity} onClose={() => undefined} onSaved={() => undefined} />
    </QueryClientProvider>,
  );
}

const row = (index: number) => within(screen.getByTestId(`entity-field-${index}`));
const codeOf = (index: number) => (row(index).getByLabelText('字段编号') as HTMLInputElement).value;
function fill(scope: ReturnType<typeof within> | typeof screen, label: string, value: string) {
  fireEvent.change(scope.getByLabelText(label), { target: { value } });
}

/** A new entity with one field per code, named after it. */
function defineFields(codes: string[]) {
  fill(screen, '实体编号', 'customer');
  fill(screen, '实体名称', '客户');
  for (const [index, code] of codes.entries()) {
    if (index > 0) {
      fireEvent.click(screen.getByTestId('entity-field-add'));
    }
    fill(row(index), '字段编号', code);
    fill(row(index), '字段名称', code.toUpperCase());
  }
}

/** The cells of a grid line that take a column (the hidden id input takes none). */
const cellsOf = (line: HTMLElement) =>
  [...line.children].filter((cell) => !cell.matches('.ant-form-item-hidden'));

const CUSTOMER: EntityRow = {
  id: '5',
  entNo: 'customer',
  entName: '客户',
  remark: '',
  version: 1,
  syncedVersion: 1,
  pendingSync: false,
  drift: [],
  tableName: 'yuan_ent_5',
  treeField: '',
  elements: [
    {
      id: '7',
      eleNo: 'price',
      eleName: '价格',
      dataTyp: 'decimal',
      verifyJson: {},
      defNo: '',
      refEntId: '',
      unique: false,
      sort: 0,
    },
  ],
};

describe('the field list of the entity editor', { timeout: 30_000 }, () => {
  it('names each column once above the rows, on the grid the rows use, in either language', async () => {
    serve();
    renderEditor();
    const header = screen.getByTestId('entity-field-header');
    const names = () => [...header.children].map((cell) => cell.textContent);
    expect(names()).toEqual([
      '字段编号',
      '字段名称',
      '数据类型',
      '必填',
      '最小',
      '最大',
      '唯一',
      '元素定义',
      '字典',
      '引用实体',
      '操作',
    ]);
    // One heading per cell of a row, both on the shared grid: each heading stands over its column.
    const line = screen.getByTestId('entity-field-0');
    expect(
      header.classList.contains('entity-field-grid') && line.classList.contains('entity-field-grid'),
    ).toBe(true);
    expect(cellsOf(line)).toHaveLength(header.children.length);
    expect(within(cellsOf(line)[2] as HTMLElement).getByLabelText('数据类型')).toBeTruthy();
    expect(within(cellsOf(line)[9] as HTMLElement).getByLabelText('引用实体')).toBeTruthy();

    await i18next.changeLanguage('en');
    await waitFor(() =>
      expect(names()).toEqual([
        'Field code',
        'Field name',
        'Data type',
        'Required',
        'Min',
        'Max',
        'Unique',
        'Element definition',
        'Dictionary',
        'References',
        'Actions',
      ]),
    );
  });

  it('moves a field down and up with buttons named in the current language, disabled at the ends', async () => {
    const saved = serve();
    renderEditor();
    // The dialog takes the focus once it has opened; the focus checks below start after that.
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('dialog'));
    defineFields(['a', 'b', 'c']);
    const button = (index: number, name: string) => row(index).getByRole('button', { name });
    expect((button(0, '上移') as HTMLButtonElement).disabled).toBe(true);
    expect((button(0, '下移') as HTMLButtonElement).disabled).toBe(false);
    expect((button(2, '上移') as HTMLButtonElement).disabled).toBe(false);
    expect((button(2, '下移') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(button(0, '下移'));
    await waitFor(() => expect([codeOf(0), codeOf(1), codeOf(2)]).toEqual(['b', 'a', 'c']));
    // Pressed from the keyboard, the focus follows the field; at the end it passes to the arrow still usable.
    button(1, '下移').focus();
    fireEvent.click(button(1, '下移'));
    await waitFor(() => expect([codeOf(0), codeOf(1), codeOf(2)]).toEqual(['b', 'c', 'a']));
    expect((button(2, '下移') as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(button(2, '上移')));

    fireEvent.click(button(2, '上移'));
    await waitFor(() => expect([codeOf(0), codeOf(1), codeOf(2)]).toEqual(['b', 'a', 'c']));
    await waitFor(() => expect(document.activeElement).toBe(button(1, '上移')));
    fireEvent.click(button(1, '上移'));
    await waitFor(() => expect([codeOf(0), codeOf(1), codeOf(2)]).toEqual(['a', 'b', 'c']));
    expect((button(0, '上移') as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement).toBe(button(0, '下移'));

    fireEvent.click(button(1, '下移'));
    await waitFor(() => expect(codeOf(2)).toBe('b'));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.elements).toMatchObject([
      { eleNo: 'a', eleName: 'A', sort: 0 },
      { eleNo: 'c', eleName: 'C', sort: 1 },
      { eleNo: 'b', eleName: 'B', sort: 2 },
    ]);

    await i18next.changeLanguage('en');
    for (const name of ['Move up', 'Move down', 'Remove']) {
      expect(row(1).getByRole('button', { name }).tagName).toBe('BUTTON');
    }
  });

  it('offers the data types by name in the current language and saves the chosen code', async () => {
    const saved = serve();
    renderEditor();
    defineFields(['age']);
    expect(row(0).getByTitle('字符串')).toBeTruthy();
    fireEvent.mouseDown(row(0).getByLabelText('数据类型'));
    const listed = () =>
      [...document.querySelectorAll('.ant-select-item-option')].map((option) => [
        option.getAttribute('title'),
        option.getAttribute('data-type'),
      ]);
    await waitFor(() =>
      expect(listed()).toEqual([
        ['字符串', 'string'],
        ['文本', 'text'],
        ['整数', 'int'],
        ['小数', 'decimal'],
        ['布尔', 'bool'],
        ['日期', 'date'],
        ['日期时间', 'datetime'],
        ['JSON', 'json'],
      ]),
    );
    fireEvent.click(document.querySelector('.ant-select-item-option[data-type="int"]') as HTMLElement);
    await waitFor(() => expect(row(0).getByTitle('整数')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.elements).toMatchObject([{ eleNo: 'age', dataTyp: 'int' }]);

    await i18next.changeLanguage('en');
    await waitFor(() => expect(row(0).getByTitle('Integer')).toBeTruthy());
    fireEvent.mouseDown(row(0).getByLabelText('Data type'));
    await waitFor(() =>
      expect(listed()).toEqual([
        ['String', 'string'],
        ['Long text', 'text'],
        ['Integer', 'int'],
        ['Decimal', 'decimal'],
        ['Boolean', 'bool'],
        ['Date', 'date'],
        ['Date and time', 'datetime'],
        ['JSON', 'json'],
      ]),
    );
  });

  it("shows a saved field's type by name and keeps its code", async () => {
    const saved = serve();
    renderEditor(CUSTOMER);
    await waitFor(() => expect(codeOf(0)).toBe('price'));
    expect(row(0).getByTitle('小数')).toBeTruthy();
    expect(row(0).queryByText('decimal')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.elements).toMatchObject([{ id: '7', eleNo: 'price', dataTyp: 'decimal' }]);
  });
});
