import { describe, expect, it } from 'vitest';
import { idList, idListOrEmpty } from './envelope.ts';

describe('id lists', () => {
  it('accept a comma-joined string, an array of strings or numbers, and a repeated query parameter', () => {
    expect(idList.parse('1,22,333')).toBe('1,22,333');
    expect(idList.parse(['1', '22', '333'])).toBe('1,22,333');
    expect(idList.parse([1, 22, '333'])).toBe('1,22,333');
    expect(idList.parse(['1'])).toBe('1');
    expect(idList.parse('1902853619200655361')).toBe('1902853619200655361');
  });

  it('treat an empty array as an empty string: refused where ids are required, accepted where they may be empty', () => {
    expect(idList.safeParse([]).success).toBe(false);
    expect(idList.safeParse('').success).toBe(false);
    expect(idListOrEmpty.parse([])).toBe('');
    expect(idListOrEmpty.parse('')).toBe('');
    expect(idListOrEmpty.parse(['5', 6])).toBe('5,6');
  });

  it('refuse what is not an id, in either form', () => {
    for (const bad of [
      'a,b',
      '1,,2',
      ['1', 'x'],
      ['1,2'],
      [1.5],
      [-1],
      // Beyond 2^53 a JSON number has already lost digits: such an id must come as a string.
      [2 ** 60],
      [null],
      [['1']],
      ['12345678901234567890'],
      { 0: '1' },
      '1; drop table yuan_user',
    ]) {
      expect(idList.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('keep the same size limit for both forms', () => {
    // 1,000 ids of 19 digits fill the 20,000 characters of the joined form.
    const many = Array.from({ length: 1001 }, (_, i) => `1${String(i).padStart(18, '0')}`);
    expect(idList.safeParse(many).success).toBe(false);
    expect(idList.safeParse(many.join(',')).success).toBe(false);
    const fewer = many.slice(0, 1000);
    expect(idList.safeParse(fewer).success).toBe(true);
    expect(idList.safeParse(fewer.join(',')).success).toBe(true);
  });
});
