import { describe, expect, it } from 'vitest';
import { fieldOfMessage } from './serviceForm.ts';
import { bodyOf, cleaned, differs, sameFields, valuesOf } from './serviceValues.ts';
import { nodeOf, SERVICE_ROW } from './testData.ts';

const row = SERVICE_ROW;
const node = nodeOf(row, { parentId: '4', enabled: false, sort: 5 });

describe('the editor values of a service', () => {
  it('read roles as a list and absent settings as empty', () => {
    expect(valuesOf(row)).toEqual({
      name: '加一',
      path: 'math/addOne',
      code: 'return params.a + 1;',
      roleIds: ['11', '12'],
      cron: '0 8 * * 1-5',
      timeZone: '',
    });
    const bare = valuesOf({ ...row, roleIds: undefined, cron: null, timeZone: undefined });
    expect([bare.roleIds, bare.cron, bare.timeZone]).toEqual([[], '', '']);
  });

  it('are saved trimmed, the schedule with single spaces', () => {
    const sent = cleaned({ name: ' 加一 ', path: 'math/addOne ', cron: ' 0  8 * *  1-5', code: ' x ' });
    expect(sent).toEqual({ ...valuesOf(row), code: ' x ', roleIds: [], timeZone: '' });
  });

  it('differ from the saved ones by any setting, the code, or text that would be trimmed', () => {
    const saved = valuesOf(row);
    const form = { ...saved, timeZone: undefined };
    expect(differs(form, saved)).toBe(false);
    expect(differs({ ...form, roleIds: ['11'] }, saved)).toBe(true);
    expect(differs({ ...form, timeZone: 'Asia/Shanghai' }, saved)).toBe(true);
    expect(differs({ ...form, cron: '0 8 * * 1-5 ' }, saved)).toBe(true);
    expect(differs({ ...form, code: '' }, saved)).toBe(true);
    expect(sameFields({ ...saved, code: '' }, saved)).toBe(true);
  });

  it('post the roles comma-joined, and where the service hangs and whether it is on from the tree', () => {
    const body = bodyOf({ ...valuesOf(row), timeZone: 'Asia/Shanghai' }, row, node);
    expect(body).toEqual({
      id: '7',
      parentId: '4',
      name: '加一',
      kind: 'service',
      path: 'math/addOne',
      code: 'return params.a + 1;',
      language: 'js',
      enabled: false,
      sort: 5,
      roleIds: '11,12',
      cron: '0 8 * * 1-5',
      timeZone: 'Asia/Shanghai',
    });
    expect(bodyOf(valuesOf(row), { ...row, paramsSchema: { a: 'number' } }, node).paramsSchema).toEqual({
      a: 'number',
    });
  });
});

describe('a refusal of the save', () => {
  it('is put under the field it is about, in either language', () => {
    expect(fieldOfMessage('路径已存在')).toBe('path');
    expect(fieldOfMessage('Name is too long')).toBe('name');
    expect(fieldOfMessage('定时表达式无效：bad minute')).toBe('cron');
    expect(fieldOfMessage('Invalid schedule: bad minute')).toBe('cron');
    expect(fieldOfMessage('未知时区: Mars/Base')).toBe('timeZone');
    expect(fieldOfMessage('Unknown time zone: Mars/Base')).toBe('timeZone');
    expect(fieldOfMessage('服务器忙')).toBeNull();
  });
});
