import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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

const PRICE = {
  id: '1',
  defNo: 'price',
  defName: '价格',
  dataTyp: 'decimal',
  verifyJson: { required: true, numberBetween: [0, 100] },
};

/** Answers the element definitions and the save; returns the bodies of the saves. */
function serve(): Record<string, unknown>[] {
  const saved: Record<string, unknown>[] = [];
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url).includes('listElementDefines')) {
      return envelope([PRICE]);
    }
    if (String(url).includes('parent-list')) {
      return envelope({ records: [{ id: '3', code: 'shade', dictValue: '色调' }], total: 1 });
    }
    if (String(url).includes('fnEntityList')) {
      return envelope({ records: [{ id: '42', entNo: 'maker', entName: '厂家' }], total: 1 });
    }
    saved.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return envelope({ id: '9', version: 1 });
  });
  return saved;
}

function renderEditor(entity: EntityRow | null = null, onSaved = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderInApp(
    <QueryClientProvider client={client}>
      <EntityEditor open entity={entity} onClose={() => undefined} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
}

const row = (index: number) => within(screen.getByTestId(`entity-field-${index}`));
function fill(scope: ReturnType<typeof within> | typeof screen, label: string, value: string) {
  fireEvent.change(scope.getByLabelText(label), { target: { value } });
}

describe('the entity editor', { timeout: 30_000 }, () => {
  it('sends the bounds as a length or a range, and a chosen definition fills type and validation', async () => {
    const saved = serve();
    const onSaved = renderEditor();
    fill(screen, '实体编号', 'customer');
    fill(screen, '实体名称', '客户');
    fill(row(0), '字段编号', 'name');
    fill(row(0), '字段名称', '姓名');
    fireEvent.click(row(0).getByLabelText('必填'));
    fill(row(0), '最小', '2');
    fill(row(0), '最大', '20');

    fireEvent.click(screen.getByTestId('entity-field-add'));
    fill(row(1), '字段编号', 'unit_price');
    fill(row(1), '字段名称', '单价');
    fireEvent.mouseDown(row(1).getByLabelText('元素定义'));
    fireEvent.click(await screen.findByTitle('价格 (price)'));
    await waitFor(() => expect((row(1).getByLabelText('最大') as HTMLInputElement).value).toBe('100'));

    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      entNo: 'customer',
      entName: '客户',
      remark: '',
      treeField: '',
      elements: [
        {
          eleNo: 'name',
          eleName: '姓名',
          dataTyp: 'string',
          verifyJson: { required: true, stringRange: [2, 20] },
          unique: false,
          sort: 0,
        },
        {
          eleNo: 'unit_price',
          eleName: '单价',
          dataTyp: 'decimal',
          verifyJson: { required: true, numberBetween: [0, 100] },
          unique: false,
          defNo: 'price',
          sort: 1,
        },
      ],
    });
    expect(onSaved).toHaveBeenCalledWith({ id: '9', entName: '客户' });
  });

  it('refuses a code that cannot name a column, without calling the server', async () => {
    const saved = serve();
    renderEditor();
    fill(screen, '实体编号', 'customer');
    fill(screen, '实体名称', '客户');
    fill(row(0), '字段编号', 'Name');
    fill(row(0), '字段名称', '姓名');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(
      await screen.findByText('须以小写字母开头，只含小写字母、数字和下划线，最多63个字符'),
    ).toBeTruthy();
    expect(saved).toHaveLength(0);
  });

  it('keeps the id of an element whose code changed, so the column is renamed with its data and stays the hierarchy field', async () => {
    const saved = serve();
    renderEditor({
      id: '5',
      entNo: 'customer',
      entName: '客户',
      remark: '',
      version: 2,
      syncedVersion: 2,
      pendingSync: false,
      drift: [],
      tableName: 'yuan_ent_5',
      treeField: 'name',
      elements: [
        {
          id: '7',
          eleNo: 'name',
          eleName: '姓名',
          dataTyp: 'string',
          verifyJson: { required: true },
          defNo: '',
          refEntId: '',
          unique: false,
          sort: 0,
        },
      ],
    });
    await waitFor(() => expect((row(0).getByLabelText('字段编号') as HTMLInputElement).value).toBe('name'));
    fill(row(0), '字段编号', 'full_name');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    // The hierarchy field follows its element's new code.
    expect(saved[0]).toMatchObject({
      id: '5',
      treeField: 'full_name',
      elements: [{ id: '7', eleNo: 'full_name', verifyJson: { required: true } }],
    });
  });

  it("takes a field's values from a dictionary or another entity, found by any part of the name in any case", async () => {
    const saved = serve();
    renderEditor();
    fill(screen, '实体编号', 'paint');
    fill(screen, '实体名称', '颜料');
    fill(row(0), '字段编号', 'tone');
    fill(row(0), '字段名称', '色调');
    fireEvent.change(row(0).getByLabelText('字典'), { target: { value: 'HAD' } });
    fireEvent.click(await screen.findByText('色调 (shade)'));
    fireEvent.click(screen.getByTestId('entity-field-add'));
    fill(row(1), '字段编号', 'maker_id');
    fill(row(1), '字段名称', '厂家');
    fireEvent.mouseDown(row(1).getByLabelText('引用实体'));
    fireEvent.change(row(1).getByLabelText('引用实体'), { target: { value: 'MAK' } });
    fireEvent.click(await screen.findByTitle('厂家 (maker)'));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.elements).toMatchObject([
      { eleNo: 'tone', dictCode: 'shade' },
      { eleNo: 'maker_id', refEntId: '42' },
    ]);
  });
});
