import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../../../shared/api/files.ts';
import { IMPORT_MAX_BYTES, importFileProblem } from '../user/UserExcel.tsx';
import { type RegionNode, regionTreeData } from './RegionPage.tsx';

function node(id: string, parentId: string, hasChildren: boolean): RegionNode {
  return { id, parentId, title: id, value: id, key: id, regionLevel: 1, hasChildren };
}

describe('region tree data', () => {
  it('leaves unloaded levels open for loading and marks leaves', () => {
    const data = regionTreeData({ '00': [node('130000', '00', true), node('990000', '00', false)] });
    expect(data).toEqual([
      { key: '130000', title: '130000', isLeaf: false, children: undefined },
      { key: '990000', title: '990000', isLeaf: true, children: undefined },
    ]);
  });

  it('nests loaded levels and opens a former leaf that gained a child', () => {
    const data = regionTreeData({
      '00': [node('130000', '00', true)],
      '130000': [node('130100', '130000', false)],
      '130100': [node('130199', '130100', false)],
    });
    const city = data[0]?.children?.[0];
    expect(city?.isLeaf).toBe(false);
    expect(city?.children?.[0]).toMatchObject({ key: '130199', isLeaf: true });
  });
});

describe('user import file', () => {
  it('accepts one .xlsx of at most 5 MB', () => {
    expect(importFileProblem({ name: 'users.XLSX', size: 10 })).toBeNull();
    expect(importFileProblem({ name: 'users.xls', size: 10 })).toBe('type');
    expect(importFileProblem({ name: 'users.csv', size: 10 })).toBe('type');
    expect(importFileProblem({ name: 'users.xlsx', size: IMPORT_MAX_BYTES + 1 })).toBe('size');
    expect(importFileProblem({ name: 'users.xlsx', size: IMPORT_MAX_BYTES })).toBeNull();
  });

  it('reads the download name from Content-Disposition', () => {
    expect(fileNameOf(`attachment; filename*=UTF-8''${encodeURIComponent('用户数据.xlsx')}`, 'x.xlsx')).toBe(
      '用户数据.xlsx',
    );
    expect(fileNameOf('attachment; filename="users.xlsx"', 'x.xlsx')).toBe('users.xlsx');
    expect(fileNameOf(null, 'x.xlsx')).toBe('x.xlsx');
  });
});
