import { describe, expect, it } from 'vitest';
import { setUpRequests } from '../../test/requestHarness.ts';
import { envelope } from '../../test/responses.ts';
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
});
