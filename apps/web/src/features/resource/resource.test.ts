import { ossResource, smsResource } from '@yuan/contract/resource/storage';
import { describe, expect, it } from 'vitest';
import { RequestError } from '../../shared/api/http.ts';
import { percentOf, readUploadAnswer } from '../../shared/api/putFile.ts';
import { formatSize } from './attach/size.ts';
import { isEnabled } from './shared/enabled.ts';
import { OSS_CATEGORY, SMS_CATEGORY } from './shared/options.ts';

describe('enabled configuration', () => {
  it('is the row with status 1, as a number or a string', () => {
    expect(isEnabled({ id: '1', status: 1 })).toBe(true);
    expect(isEnabled({ id: '1', status: '1' })).toBe(true);
    expect(isEnabled({ id: '1', status: 2 })).toBe(false);
    expect(isEnabled({ id: '1' })).toBe(false);
  });
});

describe('category choices', () => {
  it('cover exactly the values the contract accepts', () => {
    for (const [options, resource] of [
      [OSS_CATEGORY, ossResource],
      [SMS_CATEGORY, smsResource],
    ] as const) {
      const { min, max } = resource.fields.category;
      const values = options.map((o) => o.value);
      expect(values).toEqual(Array.from({ length: (max ?? 0) - (min ?? 0) + 1 }, (_, i) => (min ?? 0) + i));
    }
  });
});

describe('attachment size', () => {
  it('reads bytes, numeric strings and large sizes', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1024)).toBe('1 KB');
    expect(formatSize('1536')).toBe('1.5 KB');
    expect(formatSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatSize(5.25 * 1024 ** 3)).toBe('5.3 GB');
    expect(formatSize(3 * 1024 ** 5)).toBe('3072 TB');
  });

  it('shows nothing for missing or broken values', () => {
    expect(formatSize(undefined)).toBe('');
    expect(formatSize('')).toBe('');
    expect(formatSize('abc')).toBe('');
    expect(formatSize(-1)).toBe('');
  });
});

describe('upload answer', () => {
  it('computes whole percents and 0 for an unknown total', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, 4)).toBe(100);
  });

  it('resolves with the data of a 200 envelope', () => {
    const data = {
      link: '/oss/000000/20250101/1.png',
      domain: '',
      name: '1.png',
      originalName: 'a.png',
      attachId: '9',
    };
    expect(readUploadAnswer(200, JSON.stringify({ code: 200, success: true, msg: '', data }))).toEqual(data);
  });

  it("rejects with the server's message, else the unknown-error text", () => {
    const refused = () =>
      readUploadAnswer(400, JSON.stringify({ code: 400, msg: '文件类型不支持或与扩展名不符', data: null }));
    expect(refused).toThrow(RequestError);
    expect(refused).toThrow('文件类型不支持或与扩展名不符');
    expect(() => readUploadAnswer(200, JSON.stringify({ code: 413, msg: '文件不能超过10MB' }))).toThrow(
      '文件不能超过10MB',
    );
    expect(() => readUploadAnswer(502, '<html>Bad gateway</html>')).toThrow('未知错误');
  });
});
