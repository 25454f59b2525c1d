import { describe, expect, it } from 'vitest';
import { dropRowsOf, isServerMessage } from './serverMessages.ts';

describe("the server's low-code refusals", () => {
  it('reads the row count of a table that would be dropped, in either language', () => {
    expect(dropRowsOf('实体表中有12行数据，确认该行数后才会删除')).toBe(12);
    expect(dropRowsOf('实体表中有0行数据，确认该行数后才会删除')).toBe(0);
    expect(
      dropRowsOf("The entity's table holds 3 rows; it is removed only once that count is confirmed"),
    ).toBe(3);
    expect(dropRowsOf('实体被其他实体引用，不能删除: 订单2')).toBeNull();
    expect(dropRowsOf('实体表中有x行数据，确认该行数后才会删除')).toBeNull();
  });

  it('tells the not-synced answer from other failures', () => {
    expect(isServerMessage('实体尚未同步到数据库，请先同步', 'entity.notSynced')).toBe(true);
    expect(isServerMessage('The entity has no table yet: sync it first', 'entity.notSynced')).toBe(true);
    expect(isServerMessage('请求的资源不存在', 'entity.notSynced')).toBe(false);
  });
});
