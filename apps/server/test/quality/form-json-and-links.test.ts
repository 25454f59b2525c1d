import { saveFormJson } from '@yuan/contract/lowcode/form-design';
import { FIELD_TYPE_NAMES, FIELD_TYPES, fieldDefaults } from '@yuan/contract/lowcode/form-fields';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { lowcodeModule } from '../../src/modules/lowcode/index.ts';
import { resourceModule } from '../../src/modules/resource/index.ts';
import { TENANT_B, twoTenantApp } from '../fixtures.ts';

/**
 * What a designed form and an attachment may store: a form field of a type the renderer does not know, or a rule
 * whose pattern is no regular expression, is refused naming where it is; an attachment's link is an address that
 * stays http(s) or on this origin. Honest values still save.
 */
const { t, tokens } = twoTenantApp(() => ({}), [lowcodeModule, resourceModule]);
const API = '/api/yuan-api';
const count = async (table: string) =>
  Number(
    (
      await sql<{
        n: string;
      }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE tenant_id = ${TENANT_B}`.execute(t.database.root)
    ).rows[0]?.n,
  );
let entId = '';
let n = 0;

beforeAll(async () => {
  const saved = await t.call('POST', `${API}/dtentity/saveOrUpdate`, tokens.b, {
    entNo: 'form_probe',
    entName: '表单探针',
    elements: [{ eleNo: 'title', eleName: '标题', dataTyp: 'string' }],
  });
  entId = saved.json().data.id;
});

const savePage = (formJson: unknown, lang = 'zh') =>
  t.app.inject({
    method: 'POST',
    url: `${API}/dtpage/fnSaveOrUpdate`,
    headers: { 'blade-auth': `bearer ${tokens.b}`, 'accept-language': lang },
    payload: { pageNo: `probe_${++n}`, pageName: 'probe', entId, formJson },
  });

describe('a designed form', () => {
  it('refuses a field type outside the list, naming the field, and saves nothing', async () => {
    const before = await count('yuan_dt_page');
    const cases: [unknown, string][] = [
      [
        { column: [{ prop: 'a' }, { prop: 'b', type: 'bogus' }] },
        'formJson.column.1.type: 不支持的字段类型：bogus',
      ],
      [
        { column: [{ prop: 'd', type: 'dynamic', children: { column: [{ prop: 'x', type: 'iframe' }] } }] },
        'formJson.column.0.children.column.0.type: 不支持的字段类型：iframe',
      ],
      [
        { column: [], group: [{ prop: 'g', column: [{ prop: 'x', type: 'html' }] }] },
        'formJson.group.0.column.0.type: 不支持的字段类型：html',
      ],
    ];
    for (const [formJson, msg] of cases) {
      const res = await savePage(formJson);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    const en = await savePage({ column: [{ prop: 'b', type: 'bogus' }] }, 'en');
    expect(en.json().msg).toBe('formJson.column.0.type: Unknown field type: bogus');
    expect(await count('yuan_dt_page')).toBe(before);
  });

  it('refuses an invalid rule pattern naming the rule, and a field pattern naming the field', async () => {
    const rule = await savePage({
      column: [{ prop: 'a' }, { prop: 'b', rules: [{ pattern: '([', message: 'x' }] }],
    });
    expect(rule.statusCode).toBe(400);
    expect(rule.json().msg).toBe('formJson.column.1.rules.0.pattern: 正则表达式无效');
    const field = await savePage({ column: [{ prop: 'a', pattern: '(?<' }] });
    expect(field.json().msg).toBe('formJson.column.0.pattern: 正则表达式无效');
  });

  it('saves a form holding every type of the palette, with the defaults the designer gives each', async () => {
    const column = FIELD_TYPES.map((type) => ({
      ...fieldDefaults(type),
      type,
      prop: `p_${type}`,
      label: FIELD_TYPE_NAMES[type][0],
      rules: [{ pattern: '^\\S+$', message: 'x' }],
    }));
    const res = await savePage(saveFormJson({ column }));
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("an attachment's link", () => {
  const submit = (link: string) =>
    t.call('POST', '/api/yuan-resource/attach/submit', tokens.b, { link, name: `n${++n}`, attachSize: 1 });

  it('is refused unless it stays http(s) or on this origin, and nothing is saved', async () => {
    const before = await count('yuan_attach');
    for (const link of [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/file',
      '/\\evil.example/file',
      'https://ok.example/a"onmouseover="x',
      'vbscript:msgbox',
    ]) {
      const res = await submit(link);
      expect(res.statusCode, link).toBe(400);
      expect(res.json().msg, link).toBe('附件地址格式不匹配');
    }
    expect(await count('yuan_attach')).toBe(before);
  });

  it('saves http(s) addresses and paths of this origin', async () => {
    for (const link of [
      'https://cdn.example/upload/a.png',
      'http://files.example/b.pdf',
      '/oss/200002/a.txt',
    ]) {
      const res = await submit(link);
      expect(res.statusCode, `${link}: ${res.body}`).toBe(200);
    }
  });
});
