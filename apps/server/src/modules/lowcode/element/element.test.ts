import { describe, expect, it } from 'vitest';
import { twoTenantApp } from '../../../../test/fixtures.ts';
import { lowcodeModule } from '../index.ts';

const { t, tokens } = twoTenantApp(() => ({}), [lowcodeModule]);
const API = '/api/yuan-api';
const post = (url: string, body: unknown) => t.call('POST', `${API}${url}`, tokens.a, body);
const get = (url: string) => t.call('GET', `${API}${url}`, tokens.a);

describe('element definitions', () => {
  it('saves, lists, finds by code and refuses what is wrong, naming the field', async () => {
    const saved = await post('/dt/fnSaveOrUpdate', {
      defNo: 'phone',
      defName: '电话',
      dataTyp: 'string',
      verifyJson: '{"required":true,"stringRange":[6,20]}',
    });
    expect(saved.json()).toMatchObject({
      success: true,
      data: { defNo: 'phone', verifyJson: { required: true } },
    });
    const id = saved.json().data.id;
    expect(
      (await post('/dt/fnSaveOrUpdate', { defNo: 'phone', defName: 'x', dataTyp: 'string' })).json().msg,
    ).toBe('元素编号“phone”已存在');
    expect(
      (await post('/dt/fnSaveOrUpdate', { defNo: 'p2', defName: 'x', dataTyp: 'blob' })).json().msg,
    ).toBe('数据类型格式不匹配');
    expect(
      (
        await post('/dt/fnSaveOrUpdate', {
          defNo: 'p3',
          defName: 'x',
          dataTyp: 'int',
          verifyJson: { max: 1 },
        })
      ).json().msg,
    ).toBe('校验配置类型不正确');
    expect((await get('/dt/fnList?defName=电')).json().data.records.map((r: { id: string }) => r.id)).toEqual(
      [id],
    );
    expect((await get('/dt/fnFindByDefNo?defNo=phone')).json().data.id).toBe(id);
    expect((await get('/dt/fnFindByDefNo?defNo=none')).statusCode).toBe(404);
    expect((await get(`/dtEleDef/getOne?id=${id}`)).json().data.defName).toBe('电话');
    expect((await get('/dtentity/listElementDefines')).json().data).toHaveLength(1);
  });

  it('refuses to remove a definition an entity uses, then removes it once unused', async () => {
    const id = (await get('/dt/fnFindByDefNo?defNo=phone')).json().data.id;
    const entity = {
      entNo: 'contact',
      entName: '联系人',
      elements: [{ eleNo: 'mobile', eleName: '手机', dataTyp: 'string', defNo: 'phone' }],
    };
    const saved = (await post('/dtentity/saveOrUpdate', entity)).json().data;
    expect((await get('/dtentity/listEntitiesWithEleDef?defNo=phone')).json().data).toMatchObject([
      { entNo: 'contact' },
    ]);
    expect((await post('/dtEleDef/remove', { ids: [id] })).json().msg).toBe(
      '元素定义正在被实体使用，不能删除: contact',
    );
    expect((await post('/dtentity/remove', { ids: [saved.id] })).json().success).toBe(true);
    expect((await post('/dtEleDef/remove', { ids: [id] })).json().success).toBe(true);
    expect((await get(`/dtEleDef/getDetail?id=${id}`)).statusCode).toBe(404);
  });
});
