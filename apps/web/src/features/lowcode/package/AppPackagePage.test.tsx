import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AppImportRecord, AppPackagePreview } from '@yuan/contract/lowcode/app-package';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../stores/session.ts';
import { renderScreen } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope, jsonResponse } from '../../../test/responses.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import { AppPackagePage } from './AppPackagePage.tsx';

initI18n();
const { fetchMock, toast } = setUpRequests();
const ALL = { appPackage: true, appPackage_export: true, appPackage_import: true } as const;
const before = useSession.getState().permission;
let clicks: MockInstance<() => void>;
beforeEach(() => {
  stubLayout();
  useSession.setState({ permission: { ...ALL } });
  clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(async () => {
  clicks.mockRestore();
  useSession.setState({ permission: before });
  await i18next.changeLanguage('zh');
});

const page = (records: unknown[], total = records.length) =>
  envelope({ records, total, size: 10, current: 1, pages: Math.ceil(total / 10) });

const ENTITIES = [
  { id: '7', entNo: 'orders', entName: '订单', syncedVersion: 1, elements: [] },
  // Never synced: it is offered all the same (its definition travels without a table).
  { id: '8', entNo: 'draft', entName: '草稿实体', syncedVersion: 0, elements: [] },
];

const PREVIEW: AppPackagePreview = {
  items: [
    { kind: 'entity', key: 'orders', name: '订单', action: 'create' },
    { kind: 'form', key: 'orders_form', name: '订单表单', action: 'update' },
    { kind: 'service', key: '/orders/notify', name: '订单通知', action: 'unchanged' },
  ],
  ddl: ['CREATE TABLE "ent_orders" ("id" bigint PRIMARY KEY)'],
  conflicts: [],
  rows: 3,
  confirmToken: 'token-1',
};

const RECORD: AppImportRecord = {
  id: '1',
  fileName: 'app-package-2024-05-01.json',
  checksum: 'abc',
  sourceTenant: '000000',
  created: 3,
  updated: 1,
  unchanged: 0,
  rows: 12,
  userName: 'admin',
  createTime: '2024-05-01T08:00:00.000Z',
};

interface Served {
  exported: unknown[];
  previews: FormData[];
  imports: FormData[];
  history: string[];
}

/** Answers the screen's calls; `preview` and `history` answer per call (the nth history call gets `history(n)`). */
function serve(
  preview: () => Response = () => envelope(PREVIEW),
  history: (n: number) => Response = () => page([]),
): Served {
  const served: Served = { exported: [], previews: [], imports: [], history: [] };
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/dtentity/fnEntityList')) {
      return page(ENTITIES);
    }
    if (url.includes('/app-package/history')) {
      served.history.push(url);
      return history(served.history.length);
    }
    if (url.includes('/app-package/export')) {
      // The JSON goes as a Blob (its content type with it), read back as the server would.
      const body = init?.body as Blob;
      served.exported.push(JSON.parse(await body.text()));
      return new Response(JSON.stringify({ kind: 'yuan-app-package', version: 1, checksum: 'c' }), {
        headers: {
          'Content-Type': 'application/json',
          'Content-Disposition': 'attachment; filename="app-package-2024-05-01.json"',
        },
      });
    }
    if (url.includes('/app-package/preview')) {
      served.previews.push(init?.body as FormData);
      return preview();
    }
    if (url.includes('/app-package/import')) {
      served.imports.push(init?.body as FormData);
      return envelope({ created: 1, updated: 1, unchanged: 1, rows: 3 });
    }
    throw new Error(`unexpected call ${url}`);
  });
  return served;
}

const packageFile = (name = 'app.json') =>
  new File(['{"kind":"yuan-app-package"}'], name, { type: 'application/json' });

function choose(file: File) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

async function pickEntity(name: string) {
  fireEvent.mouseDown(screen.getByLabelText('实体'));
  const options = await screen.findAllByTitle(name);
  fireEvent.click(options.find((e) => e.classList.contains('ant-select-item-option')) as HTMLElement);
}

const exportButton = () => screen.getByTestId('app-package-export-button') as HTMLButtonElement;
const importButton = () => screen.getByTestId('app-package-import-button') as HTMLButtonElement;
const previewRows = () =>
  [...screen.getByTestId('app-package-preview').querySelectorAll('tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent),
  );

describe('the app package screen', { timeout: 60_000 }, () => {
  it('exports the chosen entities, synced or not, with their data, and saves the answered file', async () => {
    const served = serve();
    const made: Blob[] = [];
    // jsdom has no object URLs: the blob handed to the download is kept instead.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        made.push(blob);
        return 'blob:package';
      },
      revokeObjectURL: () => undefined,
    });
    renderScreen(<AppPackagePage />);
    expect(exportButton().disabled).toBe(true);
    await pickEntity('订单 (orders)');
    await pickEntity('草稿实体 (draft)');
    expect(exportButton().disabled).toBe(false);
    expect(screen.getByText('每个实体最多带 10,000 行数据')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('含数据'));
    fireEvent.click(exportButton());

    await waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
    expect(served.exported).toEqual([{ entIds: ['7', '8'], withData: true }]);
    expect((clicks.mock.contexts[0] as HTMLAnchorElement).download).toBe('app-package-2024-05-01.json');
    expect(JSON.parse(await (made[0] as Blob).text())).toEqual({
      kind: 'yuan-app-package',
      version: 1,
      checksum: 'c',
    });
  });

  it('shows neither button without their permissions', async () => {
    useSession.setState({ permission: { appPackage: true } });
    serve();
    renderScreen(<AppPackagePage />);
    choose(packageFile());
    await screen.findByTestId('app-package-preview');
    expect(screen.queryByTestId('app-package-export-button')).toBeNull();
    expect(screen.queryByTestId('app-package-import-button')).toBeNull();
  });

  it('previews a file: its parts with their actions, the DDL, the data rows', async () => {
    const served = serve();
    renderScreen(<AppPackagePage />);
    choose(packageFile());
    await screen.findByTestId('app-package-preview');
    expect(served.previews).toHaveLength(1);
    expect(((served.previews[0] as FormData).get('file') as File).name).toBe('app.json');
    expect(previewRows()).toEqual([
      ['实体', 'orders', '订单', '新建'],
      ['表单', 'orders_form', '订单表单', '更新'],
      ['流程服务', '/orders/notify', '订单通知', '不变'],
    ]);
    expect(screen.getByTestId('app-package-action-create').className).toContain('green');
    expect(screen.getByTestId('app-package-summary').textContent).toBe(
      '共 3 项：新建 1，更新 1，不变 1；数据 3 行',
    );
    expect(screen.queryByTestId('app-package-conflicts')).toBeNull();
    fireEvent.click(screen.getByText('将执行的 DDL（1 条）'));
    expect((await screen.findByTestId('app-package-ddl')).textContent).toBe(
      'CREATE TABLE "ent_orders" ("id" bigint PRIMARY KEY);',
    );
    expect(importButton().disabled).toBe(false);
  });

  it('lists the conflicts of a preview and keeps 导入 disabled', async () => {
    const conflicts = [
      { kind: 'entity' as const, name: '订单', reason: '编码 orders 已被另一个实体使用' },
      { kind: 'model' as const, name: '请假', reason: '流程标识已存在' },
    ];
    serve(() => envelope({ ...PREVIEW, conflicts }));
    renderScreen(<AppPackagePage />);
    choose(packageFile());
    const alert = await screen.findByTestId('app-package-conflicts');
    expect(within(alert).getByText('存在冲突，无法导入')).toBeTruthy();
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '订单: 编码 orders 已被另一个实体使用',
      '请假: 流程标识已存在',
    ]);
    expect(importButton().disabled).toBe(true);
  });

  it('shows a refused file in place, and refuses a file that is not .json before sending it', async () => {
    const served = serve(() =>
      jsonResponse({ code: 400, success: false, msg: '应用包校验失败：文件已被修改', data: null }, 400),
    );
    renderScreen(<AppPackagePage />);
    choose(packageFile());
    expect((await screen.findByTestId('app-package-problem')).textContent).toBe(
      '应用包校验失败：文件已被修改',
    );
    // Quiet call: the refusal is said once, in the card.
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.queryByTestId('app-package-preview')).toBeNull();

    choose(packageFile('notes.txt'));
    await waitFor(() =>
      expect(screen.getByTestId('app-package-problem').textContent).toBe('只能选择 .json 文件'),
    );
    expect(served.previews).toHaveLength(1);
  });

  it('imports the previewed file with its token once confirmed, then reads the history again', async () => {
    const served = serve(undefined, (n) => (n === 1 ? page([]) : page([RECORD])));
    renderScreen(<AppPackagePage />);
    expect(await screen.findByText('暂无导入记录')).toBeTruthy();
    choose(packageFile());
    await screen.findByTestId('app-package-preview');
    fireEvent.click(importButton());

    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('确定导入 app.json？将新建 1 项、更新 1 项，导入 3 行数据。'),
    ).toBeTruthy();
    expect(served.imports).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('导入成功：新建 1，更新 1，不变 1，数据 3 行'),
    );
    expect(served.imports).toHaveLength(1);
    expect((served.imports[0] as FormData).get('confirmToken')).toBe('token-1');
    const sent = (served.imports[0] as FormData).get('file') as File;
    expect(sent.name).toBe('app.json');
    expect(await sent.text()).toBe('{"kind":"yuan-app-package"}');
    // The history shows the import; the card is ready for another file.
    const history = screen.getByTestId('app-package-history');
    expect(await within(history).findByText('app-package-2024-05-01.json')).toBeTruthy();
    expect(served.history).toHaveLength(2);
    expect(screen.queryByTestId('app-package-preview')).toBeNull();
  });

  it('pages the history', async () => {
    const served = serve(undefined, (n) =>
      page([{ ...RECORD, id: String(n), fileName: `file-${n}.json` }], 15),
    );
    renderScreen(<AppPackagePage />);
    const history = screen.getByTestId('app-package-history');
    expect(await within(history).findByText('file-1.json')).toBeTruthy();
    expect(within(history).getByText('共 15 条')).toBeTruthy();
    fireEvent.click(within(history).getByTitle('2'));
    expect(await within(history).findByText('file-2.json')).toBeTruthy();
    expect(served.history[1]).toContain('current=2');
  });

  it.each([
    {
      lang: 'zh',
      titles: ['导出', '导入', '导入记录'],
      headers: ['时间', '操作人', '文件', '来源租户', '新建', '更新', '不变', '数据行数'],
      rows: [
        ['实体', '新建'],
        ['表单', '更新'],
        ['流程服务', '不变'],
      ],
    },
    {
      lang: 'en',
      titles: ['Export', 'Import', 'Import history'],
      headers: ['Time', 'User', 'File', 'Source tenant', 'New', 'Updated', 'Unchanged', 'Data rows'],
      rows: [
        ['Entity', 'New'],
        ['Form', 'Update'],
        ['Flow service', 'Unchanged'],
      ],
    },
  ])('speaks $lang', async ({ lang, titles, headers, rows }) => {
    await i18next.changeLanguage(lang);
    serve(undefined, () => page([RECORD]));
    renderScreen(<AppPackagePage />);
    const history = screen.getByTestId('app-package-history');
    await within(history).findByText('app-package-2024-05-01.json');
    expect([...document.querySelectorAll('.ant-card-head-title')].map((node) => node.textContent)).toEqual(
      titles,
    );
    expect([...history.querySelectorAll('thead th')].map((node) => node.textContent)).toEqual(headers);
    choose(packageFile());
    await screen.findByTestId('app-package-preview');
    expect(previewRows().map((row) => [row[0], row[3]])).toEqual(rows);
  });
});
