import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RevisionRecord } from '@yuan/contract/revision';
import { userResource } from '@yuan/contract/user/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope, jsonResponse } from '../../../test/responses.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import { initI18n } from '../../i18n/index.ts';
import { crudFields } from '../fields.ts';
import { HistoryDrawer } from './HistoryDrawer.tsx';

initI18n();
const { fetchMock, toast } = setUpRequests();
beforeEach(stubLayout);

const SEX = [
  { value: 1, label: ['男', 'Male'] },
  { value: 2, label: ['女', 'Female'] },
] as const;
const fields = crudFields({ resource: userResource, fields: { sex: { options: SEX } } });
const row = { id: '42', account: 'alice', realName: '爱丽丝' };

function revision(id: string, action: RevisionRecord['action'], changes: RevisionRecord['changes']) {
  return {
    id,
    resource: 'user',
    rowId: '42',
    action,
    userId: '1',
    userName: 'admin',
    createTime: '2024-05-01T08:00:00+08:00',
    requestId: null,
    changes,
  } satisfies RevisionRecord;
}

const HISTORY = [
  revision('103', 'update', [{ field: 'password' }]),
  revision('102', 'update', [
    { field: 'realName', before: '爱丽丝', after: '艾丽斯' },
    { field: 'sex', before: 1, after: 2 },
    { field: 'email', before: null, after: 'a@example.com' },
  ]),
  revision('101', 'create', [{ field: 'account', before: null, after: 'alice' }]),
];

const page = (records: RevisionRecord[]) =>
  envelope({ records, total: records.length, size: 10, current: 1, pages: 1 });

/** The calls made to a path, as path and query or body. */
const calls = (part: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).includes(part))
    .map(([url, init]) => ({
      query: Object.fromEntries(new URL(String(url), 'http://x').searchParams),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));

function open(canRestore = true) {
  const onRestored = vi.fn();
  renderScreen(
    <HistoryDrawer
      resource="user"
      row={row}
      fields={fields}
      lookups={{}}
      canRestore={canRestore}
      onRestored={onRestored}
      onClose={() => undefined}
    />,
  );
  return onRestored;
}

const entries = () => screen.findAllByTestId('revision');
const cells = (entry: HTMLElement) =>
  [...entry.querySelectorAll('tbody tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent),
  );

describe("a row's history drawer", { timeout: 60_000 }, () => {
  it("asks for the row's revisions and shows each change with the field's label, as the table would", async () => {
    fetchMock.mockResolvedValue(page(HISTORY));
    open();
    const [, edit, created] = await entries();
    expect(screen.getByText('历史 · alice')).toBeTruthy();
    expect(calls('/revision/list')[0]?.query).toEqual({
      resource: 'user',
      id: '42',
      current: '1',
      size: '10',
    });
    expect(cells(edit as HTMLElement)).toEqual([
      ['用户姓名', '爱丽丝', '艾丽斯'],
      ['用户性别', '男', '女'],
      ['电子邮箱', '-', 'a@example.com'],
    ]);
    const head = within(edit as HTMLElement);
    head.getByText('修改');
    head.getByText('admin');
    head.getByText('2024-05-01 08:00:00');
    within(created as HTMLElement).getByText('新增');
  });

  it('says a secret field changed without showing its values', async () => {
    fetchMock.mockResolvedValue(page(HISTORY));
    open();
    const [secret] = await entries();
    expect(cells(secret as HTMLElement)).toEqual([['密码', '已修改（值不显示）']]);
  });

  it('offers a restore on every revision but the newest, and none without the edit button', async () => {
    fetchMock.mockResolvedValue(page(HISTORY));
    open();
    const [newest, ...older] = await entries();
    expect(within(newest as HTMLElement).queryByTestId('revision-restore')).toBeNull();
    for (const entry of older) {
      within(entry).getByTestId('revision-restore');
    }
  });

  it('shows no restore to a caller without the edit button', async () => {
    fetchMock.mockResolvedValue(page(HISTORY));
    open(false);
    await entries();
    expect(screen.queryByTestId('revision-restore')).toBeNull();
  });

  it('restores a revision once confirmed, then reloads the history and the table', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/revision/restore') ? envelope({ id: '42', changed: true }) : page(HISTORY),
    );
    const onRestored = open();
    const [, edit] = await entries();
    fireEvent.click(within(edit as HTMLElement).getByTestId('revision-restore'));
    await screen.findByText('确定将该行恢复到此版本吗？');
    expect(calls('/revision/restore')).toEqual([]);
    fireEvent.click(screen.getByText('确定').closest('button') as HTMLElement);
    await waitFor(() => expect(onRestored).toHaveBeenCalled());
    expect(calls('/revision/restore')).toEqual([{ query: {}, body: { id: '102' } }]);
    expect(toast.success).toHaveBeenCalledWith('恢复成功');
    expect(calls('/revision/list')).toHaveLength(2);
  });

  it("leaves the refusal to the request client's toast and keeps the table as it is", async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/revision/restore')
        ? jsonResponse({ code: 400, success: false, msg: '字段“note”已不存在，不能恢复' }, 400)
        : page(HISTORY),
    );
    const onRestored = open();
    const [, edit] = await entries();
    fireEvent.click(within(edit as HTMLElement).getByTestId('revision-restore'));
    fireEvent.click((await screen.findByText('确定')).closest('button') as HTMLElement);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('字段“note”已不存在，不能恢复'));
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(onRestored).not.toHaveBeenCalled();
  });

  it('says so when the row has no history yet', async () => {
    fetchMock.mockResolvedValue(page([]));
    open();
    await screen.findByText('暂无历史记录');
  });

  it('offers a retry when the history cannot be loaded', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: 500, success: false, msg: 'boom' }, 500));
    fetchMock.mockResolvedValue(page(HISTORY));
    open();
    fireEvent.click((await screen.findByText('重试')).closest('button') as HTMLElement);
    expect(await entries()).toHaveLength(3);
  });
});
