import { defineResource } from '@yuan/contract/resource';
import { describe, expect, it } from 'vitest';
import { setUpRequests } from '../../test/requestHarness.ts';
import { envelope } from '../../test/responses.ts';
import { crudFields } from './fields.ts';
import { loadSource } from './sources.ts';

const { fetchMock } = setUpRequests();

describe('choice sources', () => {
  it('the post list is the whole list from post/select, not a first page', async () => {
    const posts = Array.from({ length: 250 }, (_, i) => ({
      id: String(1000 + i),
      postCode: `p${i}`,
      postName: `岗位 ${i}`,
      category: 1,
    }));
    fetchMock.mockResolvedValueOnce(envelope(posts));
    const nodes = await loadSource('postList');
    expect(nodes).toHaveLength(250);
    expect(nodes[249]).toEqual({ id: '1249', parentId: '0', title: '岗位 249', value: '1249', key: '1249' });
    const url = String(fetchMock.mock.calls[0]?.[0]);
    expect(new URL(url, 'http://x').pathname).toBe('/api/yuan-system/post/select');
  });

  it("a dictionary's choices are its keys, titled by their values; a reference's are the referenced rows", async () => {
    fetchMock.mockResolvedValueOnce(
      envelope([
        { id: '11', dictKey: 'warm', dictValue: '暖' },
        { id: '12', dictKey: 'cool', dictValue: '冷' },
      ]),
    );
    expect((await loadSource('dict:shade')).map((n) => [n.value, n.title])).toEqual([
      ['warm', '暖'],
      ['cool', '冷'],
    ]);
    const dictUrl = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://x');
    expect(dictUrl.pathname + dictUrl.search).toBe('/api/yuan-system/dict-biz/dictionary?code=shade');

    fetchMock.mockResolvedValueOnce(envelope([{ key: '42', value: 'Acme' }]));
    expect(await loadSource('entityRef:7:maker_id')).toEqual([
      { id: '42', parentId: '0', title: 'Acme', value: '42', key: '42' },
    ]);
    const refUrl = new URL(String(fetchMock.mock.calls[1]?.[0]), 'http://x');
    expect(refUrl.pathname + refUrl.search).toBe('/api/yuan-api/dtentity/ref?entId=7&field=maker_id');
  });

  it('makes a dictionary field a choice of its items unless the screen says otherwise', () => {
    const resource = defineResource({
      name: 'ent_1',
      basePath: '/x',
      table: 'x',
      perm: 'entityData',
      tenantScoped: true,
      title: 'x',
      fields: { tone: { column: 'tone', kind: 'string', label: '色调', dict: 'shade' } },
    });
    expect(crudFields({ resource })[0]?.options).toEqual({ widget: 'select', source: 'dict:shade' });
    expect(crudFields({ resource, fields: { tone: { widget: 'input' } } })[0]?.options).toEqual({
      widget: 'input',
    });
  });
});
