import { deptResource } from '@yuan/contract/system/dept';
import { paramResource } from '@yuan/contract/system/param';
import { tenantPackageResource } from '@yuan/contract/system/tenant-package';
import { userResource } from '@yuan/contract/user/user';
import { describe, expect, it } from 'vitest';
import { crudFields } from './fields.ts';
import { toFormFields } from './formJson.ts';

const byProp = (fields: ReturnType<typeof toFormFields>, prop: string) => fields.find((f) => f.prop === prop);

describe("a resource's fields as form JSON", () => {
  it('keeps the label in the language, the row width and the widget the screens give each field', () => {
    const param = toFormFields(crudFields({ resource: paramResource }), {
      lang: 'zh',
      resource: paramResource,
      topLabel: '顶级',
    });
    expect(byProp(param, 'paramName')).toEqual({
      prop: 'paramName',
      label: '参数名称',
      span: 12,
      required: true,
      type: 'input',
    });
    expect(byProp(param, 'paramValue')).toMatchObject({ type: 'textarea', span: 24 });
    const english = toFormFields(crudFields({ resource: paramResource }), {
      lang: 'en',
      resource: paramResource,
      topLabel: 'Top level',
    });
    expect(byProp(english, 'paramName')?.label).toBe('Parameter name');
  });

  it('gives numbers, dates, ids lists and sources their form-JSON types', () => {
    const users = toFormFields(
      crudFields({
        resource: userResource,
        fields: { roleId: { source: 'roleTree' }, postId: { source: 'postList' } },
      }),
      { lang: 'zh', resource: userResource, topLabel: '顶级' },
    );
    expect(byProp(users, 'sex')).toMatchObject({ type: 'number', min: -1, max: 2, precision: 0 });
    expect(byProp(users, 'birthday')).toMatchObject({
      type: 'datetime',
      valueFormat: 'YYYY-MM-DD HH:mm:ss',
    });
    expect(byProp(users, 'roleId')).toMatchObject({ type: 'tree', multiple: true, dicSource: 'roleTree' });
    expect(byProp(users, 'postId')).toMatchObject({ type: 'select', dicSource: 'postList' });
  });

  it('offers static choices in the language, a check tree whole-row, and disables all when viewing', () => {
    const pkg = toFormFields(
      crudFields({
        resource: tenantPackageResource,
        fields: { menuId: { widget: 'checkTree', source: 'grantMenuTree' } },
      }),
      { lang: 'en', resource: tenantPackageResource, topLabel: '', readOnly: true },
    );
    expect(byProp(pkg, 'menuId')).toMatchObject({ type: 'checkTree', dicSource: 'grantMenuTree', span: 24 });
    expect(pkg.every((field) => field.disabled === true)).toBe(true);
    const dept = toFormFields(
      crudFields({
        resource: deptResource,
        fields: { deptCategory: { options: [{ value: 1, label: ['公司', 'Company'] }] } },
      }),
      { lang: 'en', resource: deptResource, topLabel: 'Top level', editingId: '42' },
    );
    expect(byProp(dept, 'deptCategory')).toMatchObject({
      type: 'select',
      dicData: [{ label: 'Company', value: 1 }],
    });
    // A tree's parent is chosen in its own tree, without the edited node, empty meaning the top level.
    expect(byProp(dept, 'parentId')).toMatchObject({
      type: 'tree',
      dicSource: 'tree:/api/yuan-system/dept',
      exclude: '42',
      placeholder: 'Top level',
    });
  });
});
