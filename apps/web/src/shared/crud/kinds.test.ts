import { defineResource } from '@yuan/contract/resource';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { cellText } from './columns.tsx';
import { crudFields, widgetOf, YES_NO } from './fields.ts';
import { allowedButtons } from './permissions.ts';
import { rulesFor } from './rules.ts';
import type { CrudField } from './types.ts';
import { toFormValues, toSubmitBody } from './values.ts';

/** An entity's fields as queryConfig answers them: one of each kind a tenant's element may have. */
const entity = defineResource({
  name: 'ent_1',
  basePath: '/api/yuan-api/dtentity',
  table: 'x',
  perm: 'entityData',
  altPerms: ['entity'],
  tenantScoped: true,
  title: '客户',
  fields: {
    active: { column: 'active', kind: 'bool', label: '启用', search: 'eq' },
    born: { column: 'born', kind: 'date', label: '生日', search: 'eq' },
    price: { column: 'price', kind: 'decimal', label: '价格', min: 0, max: 100 },
    extra: { column: 'extra', kind: 'json', label: '扩展' },
  },
});
const fields = crudFields({ resource: entity });
const field = (name: string) => fields.find((f) => f.name === name) as CrudField;

/** Runs the custom validators of a field's rules on one value: the first message, or '' when all pass. */
async function check(f: CrudField, value: unknown): Promise<string> {
  for (const rule of rulesFor(f, 'zh')) {
    if (typeof rule === 'object' && rule.validator) {
      try {
        await rule.validator({}, value, () => undefined);
      } catch (error) {
        return (error as Error).message;
      }
    }
  }
  return '';
}

describe("an entity's field kinds in the shared screen", () => {
  it('offers 是/否 for a yes/no field, in the dialog, the search bar and the cells', () => {
    expect(field('active').options.options).toBe(YES_NO);
    expect(widgetOf(field('active'))).toBe('select');
    expect(toFormValues({ active: true }, fields).active).toBe('true');
    expect(cellText(field('active'), false, 'zh', {})).toBe('否');
  });

  it('edits a date as a day: never shifted to a time zone, sent as YYYY-MM-DD', () => {
    expect(widgetOf(field('born'))).toBe('date');
    const values = toFormValues({ born: '2000-01-02T00:00:00.000Z' }, fields);
    expect(values.born).toBe('2000-01-02');
    expect(toSubmitBody({ born: dayjs('2000-01-02') }, fields).born).toBe('2000-01-02');
    expect(cellText(field('born'), '2000-01-02', 'zh', {})).toBe('2000-01-02');
  });

  it('checks a decimal typed as text against the shape and the bounds', async () => {
    expect(widgetOf(field('price'))).toBe('input');
    expect(await check(field('price'), '12.50')).toBe('');
    expect(await check(field('price'), '')).toBe('');
    expect(await check(field('price'), '1e3')).toBe('价格类型不正确');
    expect(await check(field('price'), '100.01')).toBe('价格必须在0到100之间');
    expect(toSubmitBody({ price: '12.50' }, fields).price).toBe('12.50');
  });

  it('edits JSON as text and sends it parsed; text that is not JSON is refused before sending', async () => {
    expect(widgetOf(field('extra'))).toBe('textarea');
    expect(toFormValues({ extra: { a: 1 } }, fields).extra).toBe('{\n  "a": 1\n}');
    expect(await check(field('extra'), '{"a":')).toBe('扩展类型不正确');
    expect(await check(field('extra'), '[1, 2]')).toBe('');
    expect(toSubmitBody({ extra: '[1, 2]' }, fields).extra).toEqual([1, 2]);
    expect(toSubmitBody({ extra: '' }, fields).extra).toBeNull();
  });

  it("counts the buttons of the resource's other menu codes, as the server does", () => {
    const permission = { entity_add: true, entityData_delete: true } as const;
    expect(allowedButtons(['entityData', 'entity'], permission)).toEqual({
      view: false,
      add: true,
      edit: false,
      delete: true,
    });
    expect(allowedButtons(['entityData', 'entity'], permission, { add: false }).add).toBe(false);
  });
});
