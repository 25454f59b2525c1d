import type { FieldSpec } from '@yuan/contract';
import { describe, expect, it } from 'vitest';
import { crudFields } from '../../../shared/crud/fields.ts';
import { rulesFor } from '../../../shared/crud/rules.ts';
import type { CrudField } from '../../../shared/crud/types.ts';
import type { EntityConfig } from '../../lowcode/api.ts';
import { entityResourceOf } from '../../lowcode/entityData/entityCrud.ts';
import { ADDRESS_PATTERN, PAYEE_BASE, withAddressRule } from './payeeApi.ts';

const text = (label: string, extra: Partial<FieldSpec> = {}): FieldSpec =>
  ({ column: label, kind: 'string', label, ...extra }) as FieldSpec;
const payee: EntityConfig = {
  entId: '5',
  title: '收款人',
  treeField: '',
  fields: { name: text('名称', { required: true }), address: text('地址'), remark: text('备注') },
};

/** The message of the first rule the value breaks, or '' when it passes them all. */
async function firstProblem(field: CrudField, value: string): Promise<string> {
  for (const rule of rulesFor(field, 'zh')) {
    if (typeof rule === 'object' && rule.pattern && !rule.pattern.test(value)) {
      return String(rule.message);
    }
  }
  return '';
}

describe('the payee dialog', () => {
  it('checks the address as the server does, unless the definition states its own format', async () => {
    const checked = withAddressRule(payee);
    expect(checked.fields.address?.pattern).toBe(ADDRESS_PATTERN);
    expect(checked.fields.name).toBe(payee.fields.name);
    const own = { ...payee, fields: { ...payee.fields, address: text('地址', { pattern: '^0x' }) } };
    expect(withAddressRule(own)).toBe(own);
    expect(withAddressRule({ ...payee, fields: { name: text('名称') } }).fields.address).toBeUndefined();

    const resource = entityResourceOf('5', checked, { basePath: PAYEE_BASE, perm: 'payee' });
    const address = crudFields({ resource }).find((f) => f.name === 'address') as CrudField;
    expect(await firstProblem(address, `0x${'a'.repeat(40)}`)).toBe('');
    expect(await firstProblem(address, `0x${'a'.repeat(39)}`)).toBe('地址格式不匹配');
    expect(await firstProblem(address, `0x${'g'.repeat(40)}`)).toBe('地址格式不匹配');
  });
});
