import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { useImperativeHandle } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope } from '../../../test/responses.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import type { SqlEditorProps } from '../sqlEdit/SqlEditor.tsx';
import { ReportDesigner } from './ReportDesigner.tsx';

const editor = vi.hoisted(() => ({ closeCompletion: vi.fn() }));

// CodeMirror needs a layout jsdom does not have: a text box stands in, with the editor's handle (whose closing of
// the completion list is recorded) and its Ctrl+Enter as a button.
vi.mock('../sqlEdit/SqlEditor.tsx', () => ({
  SqlEditor: ({ value, onChange, onRun, handle, testId }: SqlEditorProps) => {
    useImperativeHandle(handle, () => ({ closeCompletion: editor.closeCompletion }), []);
    return (
      <>
        <textarea data-testid={testId} value={value} onChange={(event) => onChange(event.target.value)} />
        <button type="button" data-testid="query-run-keys" onClick={onRun}>
          Ctrl+Enter
        </button>
      </>
    );
  },
}));

initI18n();
const { fetchMock } = setUpRequests();
beforeEach(() => stubLayout());
afterEach(() => i18next.changeLanguage('zh'));

const sale = {
  id: '7',
  entNo: 'sale',
  entName: '销售',
  syncedVersion: 1,
  elements: [
    { eleNo: 'region', eleName: '地区' },
    { eleNo: 'amount', eleName: '金额' },
  ],
};
const QUERY = 'SELECT region, amount, amount * 2 AS total FROM sale';
const answer = {
  columns: ['region', 'amount', 'total'],
  rows: [{ region: '华东', amount: 120, total: 240 }],
  truncated: false,
  elapsedMs: 4,
};

interface Sent {
  url: string;
  body: Record<string, unknown> | null;
}

/** Answers the entities, the report's detail, its previews and its save; records what was sent. */
function serve(report: Record<string, unknown> | null, entities = [sale]): Sent[] {
  const sent: Sent[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    sent.push({ url, body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null });
    if (url.includes('/dtentity/fnEntityList')) {
      return envelope({ records: entities, total: entities.length, size: 200, current: 1, pages: 1 });
    }
    if (url.includes('/report/rest/detail')) {
      return envelope(report);
    }
    if (url.includes('/report/rest/preview')) {
      return envelope(answer);
    }
    if (url.includes('/report/rest/submit')) {
      return envelope({ id: '9' });
    }
    return envelope([]);
  });
  return sent;
}

function open(id?: string) {
  const onClose = vi.fn();
  renderInApp(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ReportDesigner id={id} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

/** The header texts of the preview's table. */
async function headers(): Promise<string[]> {
  const table = await screen.findByTestId('report-table');
  return [...table.querySelectorAll('thead th')].map((th) => th.textContent ?? '');
}

const query = async () => (await screen.findByTestId('report-query')) as HTMLTextAreaElement;

describe('the report designer', { timeout: 120_000 }, () => {
  it('closes the completion list when 预览 is pressed, and heads the preview by labels, field names or codes', async () => {
    const sent = serve(null);
    const onClose = open();
    fireEvent.change(screen.getByTestId('report-name-input'), { target: { value: '区域销售' } });
    fireEvent.change(await query(), { target: { value: QUERY } });
    expect(screen.getByTestId('report-labels-empty')).toBeTruthy();
    // The entities are known before the preview answers (their fields name the columns).
    await waitFor(() => expect(sent.some((s) => s.url.includes('/dtentity/fnEntityList'))).toBe(true));

    fireEvent.click(screen.getByTestId('report-preview-params-run'));
    expect(editor.closeCompletion).toHaveBeenCalledTimes(1);
    // Entity fields start with their names; a computed column has none and shows its code.
    await waitFor(async () => expect(await headers()).toEqual(['地区', '金额', 'total']));
    const labels = screen.getByTestId('report-labels');
    expect((within(labels).getByLabelText('region的中文列名') as HTMLInputElement).value).toBe('地区');

    // A label in the other language stands in for the missing Chinese one, then the Chinese one wins.
    fireEvent.change(within(labels).getByLabelText('total的英文列名'), { target: { value: 'Total' } });
    await waitFor(async () => expect(await headers()).toEqual(['地区', '金额', 'Total']));
    fireEvent.change(within(labels).getByLabelText('total的中文列名'), { target: { value: '合计' } });
    await waitFor(async () => expect(await headers()).toEqual(['地区', '金额', '合计']));
    // Emptied, the field's name gives way to the code.
    fireEvent.change(within(labels).getByLabelText('amount的中文列名'), { target: { value: '' } });
    await waitFor(async () => expect(await headers()).toEqual(['地区', 'amount', '合计']));

    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const saved = sent.find((s) => s.url.includes('/report/rest/submit'));
    expect(saved?.body?.view).toEqual({
      chart: 'table',
      labels: { region: { zh: '地区' }, total: { zh: '合计', en: 'Total' } },
    });
  });

  it('shows the English labels in English, else the Chinese ones, else the codes', async () => {
    await i18next.changeLanguage('en');
    const report = {
      id: '5',
      name: 'Sales',
      querySql: QUERY,
      params: [],
      view: { chart: 'table', labels: { region: { zh: '地区', en: 'Region' }, total: { zh: '合计' } } },
      cacheSeconds: 0,
      roleIds: '',
      remark: '',
    };
    // No entity of that code: nothing is filled in from fields.
    serve(report, []);
    open('5');
    // Before a preview, the labelled columns are listed with their labels.
    const labels = await screen.findByTestId('report-labels');
    expect((within(labels).getByLabelText('English name of region') as HTMLInputElement).value).toBe(
      'Region',
    );
    expect((within(labels).getByLabelText('Chinese name of total') as HTMLInputElement).value).toBe('合计');

    fireEvent.click(screen.getByTestId('report-preview-params-run'));
    await waitFor(async () => expect(await headers()).toEqual(['Region', 'amount', '合计']));
    expect(editor.closeCompletion).toHaveBeenCalledTimes(1);
  });

  it("runs the preview by the query's Ctrl+Enter", async () => {
    const sent = serve(null);
    open();
    fireEvent.change(await query(), { target: { value: 'SELECT 1 AS n' } });
    fireEvent.click(screen.getByTestId('query-run-keys'));
    await waitFor(() =>
      expect(sent.find((s) => s.url.includes('/report/rest/preview'))?.body).toEqual({
        querySql: 'SELECT 1 AS n',
        params: [],
        values: {},
      }),
    );
    // The query reads no entity: the columns keep their codes.
    expect(await headers()).toEqual(['region', 'amount', 'total']);
  });
});
