import { describe, expect, it } from 'vitest';
import { containing, searchParts } from './like.ts';

describe('containing', () => {
  it('takes the wildcards of the text literally', () => {
    expect(containing('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('searchParts', () => {
  it('gives the runs of three or more letters or digits of a text across words, longest first', () => {
    expect(searchParts('em 1234')).toEqual(['%1234%']);
    expect(searchParts('New York')).toEqual(['%York%', '%New%']);
    expect(searchParts('order-2024-001')).toEqual(['%order%', '%2024%', '%001%']);
    expect(searchParts('数据库 管理员')).toEqual(['%数据库%', '%管理员%']);
  });

  it('keeps at most three parts, each once', () => {
    expect(searchParts('alpha beta gamma delta alpha')).toEqual(['%alpha%', '%gamma%', '%delta%']);
  });

  it('gives none for one run, or for words too short to make a trigram', () => {
    expect(searchParts('1234')).toEqual([]);
    expect(searchParts('Item12')).toEqual([]);
    expect(searchParts('a-b c')).toEqual([]);
    expect(searchParts('产品 名')).toEqual([]);
    expect(searchParts('')).toEqual([]);
  });

  it('gives only parts that any text containing the whole also contains', () => {
    for (const text of ['50% off', 'a_b_cde', 'x\\yz\\abc', '  lead and trail  ']) {
      for (const part of searchParts(text)) {
        expect(text.toLowerCase()).toContain(part.slice(1, -1).toLowerCase());
        expect(part.slice(1, -1)).toMatch(/^[\p{L}\p{N}]{3,}$/u);
      }
    }
  });
});
