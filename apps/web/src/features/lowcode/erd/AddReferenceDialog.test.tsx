import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Element } from '@yuan/contract/lowcode/entity';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope, jsonResponse } from '../../../test/responses.ts';
import { AddReferenceDialog, type ReferenceDraft } from './AddReferenceDialog.tsx';

initI18n();
const { fetchMock } = setUpRequests();

const name: Element = {
  id: '21',
  eleNo: 'title',
  eleName: '标题',
  dataTyp: 'string',
  verifyJson: { required: true, stringRange: [0, 80] },
  defNo: '',
  refEntId: '',
  unique: false,
  sort: 0,
};
const draft: ReferenceDraft = {
  source: { id: '2', entNo: 'order', entName: '订单', elements: [name] },
  target: { id: '1', entNo: 'customer', entName: '客户', elements: [] },
};
/** The order as the server gives it now: one more field than the diagram knew, and a parent entity. */
const detail = {
  ...draft.source,
  remark: '备注',
  treeField: '',
  parentEntId: '5',
  elements: [
    name,
    { ...name, id: '22', eleNo: 'amount', eleName: '金额', dataTyp: 'int', verifyJson: {}, sort: 1 },
  ],
};

function calls() {
  return fetchMock.mock.calls.map(([url, init]) => ({
    path: new URL(String(url), 'http://x').pathname,
    body: init?.body ? JSON.parse(String(init.body)) : null,
  }));
}

function open(onSaved = vi.fn()) {
  renderInApp(<AddReferenceDialog draft={draft} onClose={vi.fn()} onSaved={onSaved} />);
  return onSaved;
}

describe('adding a reference drawn on the diagram', () => {
  it('proposes the field, then saves it into the definition as read afresh, keeping everything else', async () => {
    fetchMock
      .mockResolvedValueOnce(envelope(detail))
      .mockResolvedValueOnce(envelope({ id: '2', version: 4 }));
    const onSaved = open();
    expect(
      await screen.findByText('在“订单”中新增一个字段，引用“客户”的数据。保存后需同步到数据库才会建列。'),
    ).toBeTruthy();
    expect((screen.getByLabelText('字段编号') as HTMLInputElement).value).toBe('customer_id');
    expect((screen.getByLabelText('字段名称') as HTMLInputElement).value).toBe('客户');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: '2', entName: '订单' }));
    const [read, save] = calls();
    expect(read.path).toBe('/api/yuan-api/dtentity/getDetail');
    expect(save.path).toBe('/api/yuan-api/dtentity/saveOrUpdate');
    expect(save.body).toEqual({
      id: '2',
      entNo: 'order',
      entName: '订单',
      remark: '备注',
      treeField: '',
      parentEntId: '5',
      elements: [
        {
          id: '21',
          eleNo: 'title',
          eleName: '标题',
          dataTyp: 'string',
          verifyJson: { required: true, stringRange: [0, 80] },
          unique: false,
          sort: 0,
        },
        {
          id: '22',
          eleNo: 'amount',
          eleName: '金额',
          dataTyp: 'int',
          verifyJson: {},
          unique: false,
          sort: 1,
        },
        {
          eleNo: 'customer_id',
          eleName: '客户',
          dataTyp: 'string',
          verifyJson: {},
          unique: false,
          refEntId: '1',
          sort: 2,
        },
      ],
    });
  });

  it('refuses a code the entity already has, before asking the server', async () => {
    open();
    const code = await screen.findByLabelText('字段编号');
    await userEvent.clear(code);
    await userEvent.type(code, 'title');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('“title”已是该实体的字段编号')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's reason when the save is refused", async () => {
    fetchMock
      .mockResolvedValueOnce(envelope(detail))
      .mockResolvedValueOnce(
        jsonResponse({ code: 400, success: false, msg: '字段编号“customer_id”重复' }, 400),
      );
    const onSaved = open();
    await screen.findByLabelText('字段编号');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect((await screen.findByTestId('erd-reference-error')).textContent).toContain(
      '字段编号“customer_id”重复',
    );
    expect(onSaved).not.toHaveBeenCalled();
  });
});
