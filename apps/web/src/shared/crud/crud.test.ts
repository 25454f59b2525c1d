import { paramResource } from '@yuan/contract/system/param';
import { tenantPackageResource } from '@yuan/contract/system/tenant-package';
import { userResource } from '@yuan/contract/user/user';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { actionColumnWidth } from './columns.tsx';
import { columnFields, crudFields, formFields, searchFields, widgetOf } from './fields.ts';
import { allowedButtons } from './permissions.ts';
import { buildListParams, isFiltered, type ListState, searchState } from './query.ts';
import { requiredMessage, rulesFor } from './rules.ts';
import { displayKeys, storedKeys } from './treeKeys.ts';
import type { CrudField, TreeNode } from './types.ts';
import { toFormValues, toSubmitBody } from './values.ts';

const param = crudFields({ resource: paramResource });
const users = crudFields({
  resource: userResource,
  fields: { roleId: { source: 'roleTree' }, password: { addOnly: true, requiredOnAdd: true } },
});
const field = (fields: CrudField[], name: string) => fields.find((f) => f.name === name) as CrudField;

describe('fields of a definition', () => {
  it('lists columns without write-only or list:false fields', () => {
    const names = columnFields(users).map((f) => f.name);
    expect(names).not.toContain('password');
    expect(names).not.toContain('birthday');
    expect(names).toContain('account');
  });

  it('offers the search fields and hides add-only fields outside the add dialog', () => {
    expect(searchFields(param).map((f) => f.name)).toEqual(['paramName', 'paramKey']);
    expect(formFields(users, 'add').map((f) => f.name)).toContain('password');
    expect(formFields(users, 'edit').map((f) => f.name)).not.toContain('password');
  });

  it('derives the widget from the kind and the options', () => {
    expect(widgetOf(field(param, 'paramValue'))).toBe('textarea');
    expect(widgetOf(field(users, 'sex'))).toBe('number');
    expect(widgetOf(field(users, 'birthday'))).toBe('date');
    expect(widgetOf(field(users, 'roleId'))).toBe('treeSelect');
  });
});

describe('rules from fields', () => {
  it('carries the exact SPEC §5 texts in both languages', () => {
    expect(requiredMessage(field(param, 'paramName'), 'zh')).toBe('请输入参数名称');
    expect(requiredMessage(field(param, 'paramKey'), 'zh')).toBe('请输入参数键名');
    expect(requiredMessage(field(param, 'paramValue'), 'zh')).toBe('请输入参数键值');
    expect(requiredMessage(field(param, 'paramName'), 'en')).toBe('Please enter the parameter name');
    const pkg = crudFields({ resource: tenantPackageResource, fields: { menuId: { widget: 'checkTree' } } });
    expect(requiredMessage(field(pkg, 'packageName'), 'zh')).toBe('请输入产品包名称');
    expect(requiredMessage(field(pkg, 'menuId'), 'zh')).toBe('请选择菜单');
  });

  it('generates {label}必须填写, and 请选择{label} for choices', () => {
    const password = field(users, 'password');
    expect(rulesFor(password, 'zh', 'add')[0]).toMatchObject({ required: true, message: '密码必须填写' });
    expect(rulesFor(password, 'zh', 'edit').some((r) => 'required' in r)).toBe(false);
    const typed = {
      ...field(users, 'code'),
      spec: { ...field(users, 'code').spec, required: true as const },
    };
    expect(requiredMessage(typed, 'zh')).toBe('用户编号必须填写');
    const chosen = {
      ...field(users, 'sex'),
      options: { options: [] },
      spec: { ...field(users, 'sex').spec, required: true as const },
    };
    expect(requiredMessage(chosen, 'zh')).toBe('请选择用户性别');
  });

  it('limits lengths and ranges like the server', async () => {
    const rules = rulesFor(field(users, 'account'), 'zh');
    expect(rules).toContainEqual(
      expect.objectContaining({ max: 64, message: '登录账号长度不能超过64个字符' }),
    );
    expect(rulesFor(field(users, 'sex'), 'zh')).toContainEqual(
      expect.objectContaining({ type: 'integer', min: -1, max: 2 }),
    );
    const missing = async (f: CrudField, value: unknown) => {
      const rule = rulesFor({ ...f, spec: { ...f.spec, required: true } }, 'zh')[0];
      const check = typeof rule === 'object' ? rule.validator : undefined;
      try {
        await check?.({}, value, () => undefined);
        return false;
      } catch {
        return true;
      }
    };
    expect(await missing(field(users, 'roleId'), [])).toBe(true);
    expect(await missing(field(users, 'roleId'), ['1'])).toBe(false);
    expect(await missing(field(users, 'sex'), 0)).toBe(false);
    expect(await missing(field(users, 'code'), '  ')).toBe(true);
  });
});

describe('query building', () => {
  const base: ListState = { current: 3, size: 30, search: {}, range: null };

  it('sends page, filled search fields and fixed parameters only', () => {
    const state = { ...base, search: { paramName: '  abc ', paramKey: '', other: 'x' } };
    expect(buildListParams(state, param, { deptId: '9' })).toEqual({
      current: 3,
      size: 30,
      paramName: 'abc',
      deptId: '9',
    });
  });

  it('turns the date range into the SPEC keys and starts again on page 1', () => {
    const next = searchState(base, {}, [dayjs('2026-01-02'), dayjs('2026-01-05')]);
    expect(next.current).toBe(1);
    expect(buildListParams(next, param)).toMatchObject({
      current: 1,
      createTime_dategt: '2026-01-02 00:00:00',
      createTime_datelt: '2026-01-05 23:59:59',
    });
    expect(isFiltered(next)).toBe(true);
    expect(isFiltered(base)).toBe(false);
  });
});

describe('permission gating', () => {
  it('shows a button only with its code, and never when the screen turns it off', () => {
    const permission = { param_add: true, param_edit: true, param_view: true } as const;
    expect(allowedButtons('param', permission)).toEqual({ view: true, add: true, edit: true, delete: false });
    expect(allowedButtons('param', permission, { view: false }).view).toBe(false);
    expect(allowedButtons('post', permission)).toEqual({
      view: false,
      add: false,
      edit: false,
      delete: false,
    });
  });
});

describe('form values and submit body', () => {
  it('keeps only the form fields, joins ids and formats dates', () => {
    const shown = formFields(users, 'edit');
    const values = toFormValues({ roleId: '1,2', birthday: '2000-01-02T00:00:00.000Z', extra: 1 }, shown);
    expect(values.roleId).toEqual(['1', '2']);
    const body = toSubmitBody(
      { ...values, account: 'a', birthday: dayjs('2000-01-02 03:04:05') },
      shown,
      '7',
    );
    expect(body).toMatchObject({ id: '7', account: 'a', roleId: '1,2', birthday: '2000-01-02 03:04:05' });
    expect(body).not.toHaveProperty('extra');
    expect(body.sex).toBeNull();
    expect(body.email).toBe('');
  });

  it('leaves an empty write-only field out on update only', () => {
    const add = toSubmitBody({}, formFields(users, 'add'));
    expect(add.password).toBe('');
    const edit = toSubmitBody({}, crudFields({ resource: userResource }), '1');
    expect(edit).not.toHaveProperty('password');
  });
});

describe('tree keys', () => {
  const tree: TreeNode[] = [
    {
      id: '1',
      parentId: '0',
      title: 'a',
      value: '1',
      key: '1',
      children: [
        { id: '2', parentId: '1', title: 'b', value: '2', key: '2' },
        { id: '3', parentId: '1', title: 'c', value: '3', key: '3' },
      ],
    },
  ];

  it('shows stored leaves only and stores half-checked parents', () => {
    expect(displayKeys(tree, ['1', '2'])).toEqual(['2']);
    expect(storedKeys(tree, ['2'], ['1'])).toEqual(['2', '1']);
    expect(storedKeys(tree, ['1', '2', '3'], [], true)).toEqual(['2', '3']);
  });
});

describe('action column', () => {
  it('is as wide as the buttons a row shows, never narrower than one button needs', () => {
    expect(actionColumnWidth(1)).toBe(90);
    expect(actionColumnWidth(2)).toBe(152);
    expect(actionColumnWidth(1)).toBeLessThan(actionColumnWidth(2));
  });

  it('stays as narrow past two buttons, which show two and 更多, however many a row has', () => {
    expect(actionColumnWidth(3)).toBe(160);
    expect(actionColumnWidth(5)).toBe(160);
    expect(actionColumnWidth(8)).toBe(160);
  });
});
