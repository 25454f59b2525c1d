import { describe, expect, it } from 'vitest';
import { listApi } from './listApi.ts';

describe('the list page calls of an engine list', () => {
  it('reads a page through the engine call and offers nothing else', async () => {
    const api = listApi(async (params) => ({
      records: [{ id: '1', key: String(params.key) }],
      total: 1,
      size: 10,
      current: 1,
      pages: 1,
    }));
    expect((await api.list({ current: 1, size: 10, key: 'leave' })).records).toEqual([
      { id: '1', key: 'leave' },
    ]);
    await expect(api.remove('1')).rejects.toThrow();
    expect(await api.tree()).toEqual([]);
  });
});
