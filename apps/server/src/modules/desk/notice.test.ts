import { describe, expect, it } from 'vitest';
import { twoTenantApp } from '../../../test/fixtures.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { deskModule } from './index.ts';

const { t, tokens } = twoTenantApp(() => ({}), [deskModule]);

const notice = (title: string, sourceFrom = 'p010', extra: object = {}) =>
  t.call('POST', '/api/yuan-desk/notice/submit', tokens.a, {
    title,
    sourceFrom,
    status: 1,
    content: '<p>hi</p>',
    ...extra,
  });

describe('notices', () => {
  it('sanitizes rich text on the server', async () => {
    expect(
      sanitizeRichText(
        '<p onclick="x()">a<script>alert(1)</script><img src="javascript:1"><a href="javascript:2">l</a></p>',
      ),
    ).toBe('<p>a<img /><a rel="noopener noreferrer">l</a></p>');
    const saved = (
      await notice('安全', 'p010', { content: '<b>ok</b><iframe src="https://evil"></iframe>' })
    ).json().data;
    expect(saved.content).toBe('<b>ok</b>');
    expect((await notice('图片', 'p010', { img: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect(
      (await t.call('POST', '/api/yuan-desk/notice/submit', tokens.a, { sourceFrom: 'p010' })).json().msg,
    ).toBe('请输入通知标题');
  });

  it('counts unread notices per source for each user, and opening one marks it read', async () => {
    const a = (await notice('系统升级')).json().data.id;
    await notice('新功能', 'p020');
    await notice('草稿', 'p010', { status: 0 });
    const unread = (await t.call('GET', '/api/yuan-desk/notice/unread', tokens.a)).json().data;
    const p010 = unread.bySource.p010;
    expect(unread.bySource.p020).toBe(1);
    expect(unread.total).toBe(p010 + 1);
    expect((await t.call('POST', '/api/yuan-desk/notice/read', tokens.a, { id: a })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/yuan-desk/notice/unread', tokens.a)).json().data.bySource.p010).toBe(
      p010 - 1,
    );
    const mine = (await t.call('GET', '/api/yuan-desk/notice/mine?sourceFrom=p010', tokens.a)).json().data;
    expect(mine.records.find((r: { id: string }) => r.id === a).read).toBe(true);
    expect(mine.records.some((r: { title: string }) => r.title === '草稿')).toBe(false);
    // Notices are the tenant's own: another tenant neither counts nor opens them.
    expect((await t.call('GET', '/api/yuan-desk/notice/unread', tokens.b)).json().data.total).toBe(0);
    expect((await t.call('POST', '/api/yuan-desk/notice/read', tokens.b, { id: a })).statusCode).toBe(404);
  });

  it('pages my notices with the cached total: no count per call, a new notice shows at once', async () => {
    const mine = async () =>
      (await t.call('GET', '/api/yuan-desk/notice/mine?sourceFrom=p030', tokens.a)).json().data;
    await notice('first', 'p030');
    expect((await mine()).total).toBe(1);
    // A row written around the service is not counted again while the cached total lives…
    await t.database.root
      .insertInto('yuan_notice')
      .values({ tenant_id: '000000', id: '77', title: 'around', source_from: 'p030', status: 1, content: '' })
      .execute();
    const cached = await mine();
    expect(cached.total).toBe(1);
    expect(cached.records).toHaveLength(2);
    // …while a notice saved through the API drops it.
    await notice('second', 'p030');
    expect((await mine()).total).toBe(3);
  });
});
