import { patternOf } from '@yuan/contract/lowcode/form-design';
import { describe, expect, it } from 'vitest';
import { COLUMN_OPTIONS, helpVideoForm, VIDEO_ACCEPT } from './helpVideoForm.ts';

const tips = { cover: 'cover tip', video: 'video tip' };

describe('help video form', () => {
  it('uploads cover and video and keeps the definition texts, in both languages', () => {
    const zh = helpVideoForm('zh', tips);
    expect(zh.map((f) => [f.prop, f.type])).toEqual([
      ['title', 'input'],
      ['columnNo', 'select'],
      ['sort', 'number'],
      ['frontPath', 'upload'],
      ['contentPath', 'upload'],
    ]);
    const byProp = Object.fromEntries(zh.map((f) => [f.prop, f]));
    expect(byProp.title?.rules?.[0]).toEqual({ required: true, message: '请输入视频标题' });
    expect(byProp.title?.maxlength).toBe(128);
    expect(byProp.contentPath).toMatchObject({
      multiple: false,
      limit: 1,
      accept: VIDEO_ACCEPT,
      tip: 'video tip',
    });
    expect(byProp.contentPath?.rules?.[0]).toEqual({ required: true, message: '请上传视频' });
    expect(byProp.frontPath).toMatchObject({ listType: 'picture-img', limit: 1 });
    expect(byProp.columnNo?.dicData?.map((o: { value: unknown }) => o.value)).toEqual(['M01', 'P01', 'P03']);
    expect(COLUMN_OPTIONS).toHaveLength(3);

    const en = Object.fromEntries(helpVideoForm('en', tips).map((f) => [f.prop, f]));
    expect(en.contentPath?.label).toBe('Video');
    expect(en.contentPath?.rules?.[1]?.message).toBe('Video has the wrong format');
  });

  it('accepts http(s) and same-origin addresses only', () => {
    const rule = helpVideoForm('zh', tips).find((f) => f.prop === 'contentPath')?.rules?.[1];
    expect(rule?.message).toBe('视频格式不匹配');
    const pattern = patternOf(rule?.pattern ?? '');
    for (const ok of ['/oss/000000/20250101/a.mp4', 'https://cdn.example.com/a.mp4', 'http://x/y.wav']) {
      expect(pattern.test(ok), ok).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example/a.mp4',
      '/\\evil.example',
      'data:video/mp4,AA',
    ]) {
      expect(pattern.test(bad), bad).toBe(false);
    }
  });
});
