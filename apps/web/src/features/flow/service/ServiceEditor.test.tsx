import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope, jsonResponse } from '../../../test/responses.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import { ServiceEditor } from './ServiceEditor.tsx';
import { ALL_PERMISSIONS, nodeOf, SERVICE_ROW } from './testData.ts';

initI18n();
const { fetchMock } = setUpRequests();
beforeEach(stubLayout);

const row = { ...SERVICE_ROW, roleIds: '11', cron: '' };
const node = nodeOf(row);
const roles = [
  { id: '11', parentId: '0', title: '客服', value: '11', key: '11' },
  { id: '12', parentId: '0', title: '财务', value: '12', key: '12' },
];

/** Answers the editor's reads; a save gets `saveAnswer`. */
function serve(saveAnswer: () => Response) {
  fetchMock.mockImplementation(async (url) => {
    const path = new URL(String(url), 'http://x').pathname;
    if (path === '/api/yuan-api/s/id/7') {
      return envelope(row);
    }
    if (path === '/api/blockly/fnFindByID/7') {
      return envelope({ id: '7', name: row.name, path: row.path, code: row.code, data: null });
    }
    if (path === '/api/yuan-system/role/tree') {
      return envelope(roles);
    }
    return saveAnswer();
  });
}

function open() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderInApp(
    <QueryClientProvider client={client}>
      <ServiceEditor
        node={node}
        can={ALL_PERMISSIONS}
        onAction={() => undefined}
        reloadTree={async () => undefined}
        onDirtyChange={() => undefined}
      />
    </QueryClientProvider>,
  );
}

const saves = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/s/saveOrUpdate'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
const cron = () => screen.getByTestId('flow-editor-cron') as HTMLInputElement;
const save = () => fireEvent.click(screen.getByTestId('flow-editor-save'));
const fieldError = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')
    ?.textContent;

describe('the service editor', { timeout: 60_000 }, () => {
  it('posts the calling roles comma-joined, the schedule trimmed and the chosen time zone', async () => {
    serve(() => envelope(row));
    open();
    await waitFor(() => expect(cron()).toBeTruthy());
    // The roles of the row are shown by name once the tenant's roles are read.
    await within(screen.getByTestId('flow-editor-roles')).findByText('客服');

    fireEvent.change(cron(), { target: { value: '* * * *' } });
    save();
    await waitFor(() =>
      expect(fieldError('flow-editor-cron')).toBe('定时表达式应为 5 段或 6 段，现在是 4 段'),
    );
    expect(saves()).toEqual([]);

    fireEvent.change(cron(), { target: { value: ' 0 8  * * 1-5 ' } });
    const zone = screen.getByTestId('flow-editor-time-zone');
    fireEvent.mouseDown(zone.querySelector('.ant-select-selector') ?? zone);
    fireEvent.change(zone.querySelector('input') as HTMLInputElement, { target: { value: 'Asia/Shanghai' } });
    fireEvent.click(await screen.findByText(/\) Asia\/Shanghai$/));
    save();
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({
      id: '7',
      roleIds: '11',
      cron: '0 8 * * 1-5',
      timeZone: 'Asia/Shanghai',
    });
    await waitFor(() => expect(cron().value).toBe('0 8 * * 1-5'));
  });

  it("puts the server's refusal of a schedule under the schedule", async () => {
    serve(() =>
      jsonResponse({ code: 400, success: false, msg: '定时表达式无效：bad minute', data: null }, 400),
    );
    open();
    await waitFor(() => expect(cron()).toBeTruthy());
    fireEvent.change(cron(), { target: { value: '99 * * * *' } });
    save();
    await waitFor(() => expect(fieldError('flow-editor-cron')).toBe('定时表达式无效：bad minute'));
  });
});
