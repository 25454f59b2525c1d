import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setUpRequests } from '../../test/requestHarness.ts';
import { envelope } from '../../test/responses.ts';
import { renderSchemaForm, stubLayout } from '../../test/schemaForm.tsx';
import { initI18n } from '../i18n/index.ts';
import { fromRows } from './options.ts';

initI18n();
const { fetchMock } = setUpRequests();
beforeEach(stubLayout);

/** Opens a select by its input id and answers the texts of the choices its drop-down offers. */
async function choicesOf(id: string): Promise<string[]> {
  fireEvent.mouseDown(document.getElementById(id) as HTMLElement);
  const dropdown = await waitFor(() => {
    const open = [...document.querySelectorAll('.ant-select-dropdown')].filter(
      (node) => !node.className.includes('hidden') && node.querySelector('.ant-select-item-option'),
    );
    expect(open.length).toBeGreaterThan(0);
    return open[open.length - 1] as HTMLElement;
  });
  const options = [...dropdown.querySelectorAll('.ant-select-item-option')].map(
    (node) => node.getAttribute('title') ?? '',
  );
  fireEvent.keyDown(document.getElementById(id) as HTMLElement, { key: 'Escape' });
  return options;
}

function requested(index: number): { path: string; init?: RequestInit } {
  const [url, init] = fetchMock.mock.calls[index] ?? [];
  const parsed = new URL(String(url), 'http://x');
  return { path: parsed.pathname + parsed.search, init };
}

describe('where choices come from', { timeout: 60_000 }, () => {
  it('static dicData, drawn as they are written', async () => {
    renderSchemaForm({
      column: [
        {
          type: 'select',
          prop: 'tone',
          label: '色调',
          dicData: [
            { label: '暖', value: 'warm' },
            { label: '冷', value: 'cool' },
          ],
        },
      ],
    });
    expect(await choicesOf('sf_tone')).toEqual(['暖', '冷']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a remote list by GET with the query as parameters, its rows named by props', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ records: [{ id: 7, name: '上海' }], total: 1 }));
    renderSchemaForm({
      column: [
        {
          type: 'select',
          prop: 'city',
          label: '城市',
          dicOption: 'remote',
          dicUrl: '/api/yuan-system/region/list',
          dicMethod: 'get',
          dicQuery: { level: 2 },
          props: { label: 'name', value: 'id' },
          dicData: [{ label: '不应出现', value: 0 }],
        },
      ],
    });
    expect(await choicesOf('sf_city')).toEqual(['上海']);
    expect(requested(0).path).toBe('/api/yuan-system/region/list?level=2');
  });

  it('a remote list by POST sends the query as the body', async () => {
    fetchMock.mockResolvedValueOnce(envelope([{ label: '甲', value: 'a' }]));
    renderSchemaForm({
      column: [
        {
          type: 'radio',
          prop: 'kind',
          label: '类别',
          dicOption: 'remote',
          dicUrl: '/api/yuan-api/kinds',
          dicMethod: 'post',
          dicQuery: { group: 'x' },
        },
      ],
    });
    await screen.findByText('甲');
    const { path, init } = requested(0);
    expect(path).toBe('/api/yuan-api/kinds');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ group: 'x' });
  });

  it("a dictionary's items and an entity's reference rows, through the system screens' sources", async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('dict-biz')
        ? envelope([{ id: '1', dictKey: 'warm', dictValue: '暖色' }])
        : envelope([{ key: '42', value: 'Acme' }]),
    );
    renderSchemaForm({
      column: [
        { type: 'select', prop: 'tone', label: '色调', dicSource: 'dict:shade' },
        { type: 'entity', prop: 'maker_id', label: '厂家', entId: '7' },
      ],
    });
    expect(await choicesOf('sf_tone')).toEqual(['暖色']);
    expect(await choicesOf('sf_maker_id')).toContain('Acme');
    const paths = fetchMock.mock.calls.map((_, i) => requested(i).path);
    expect(paths).toContain('/api/yuan-system/dict-biz/dictionary?code=shade');
    expect(paths).toContain('/api/yuan-api/dtentity/ref?entId=7&field=maker_id');
  });

  it('reads rows under props.res and their nested children', () => {
    const rows = fromRows(
      { list: [{ n: 'a', v: 1, sub: [{ n: 'b', v: 2 }] }] },
      { props: { res: 'list', label: 'n', value: 'v', children: 'sub' } },
    );
    expect(rows).toEqual([
      { label: 'a', value: 1, children: [{ label: 'b', value: 2, children: undefined }] },
    ]);
  });
});
