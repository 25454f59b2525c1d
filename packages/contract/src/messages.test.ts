import { describe, expect, it } from 'vitest';
import { screenClass } from './constants.ts';
import { languageOf, message } from './messages.ts';

describe('messages', () => {
  it('renders in the caller language with parameters', () => {
    expect(message('zh', 'auth.badCredentials')).toBe('用户名或密码错误');
    expect(message('en', 'auth.locked', { minutes: 30 })).toBe(
      'Too many failed sign-ins; try again in 30 minutes',
    );
    expect(message('zh', 'auth.locked', { minutes: 30 })).toBe('登录失败次数过多，请30分钟后再试');
  });
  it('picks the language from Accept-Language, default zh', () => {
    expect(languageOf(undefined)).toBe('zh');
    expect(languageOf('en-US,en;q=0.9')).toBe('en');
    expect(languageOf('zh-CN')).toBe('zh');
    expect(languageOf('fr')).toBe('zh');
  });
});

describe('screenClass', () => {
  it('maps widths to the four classes of SPEC §2', () => {
    expect([1200, 1199, 992, 991, 768, 767, 0].map(screenClass)).toEqual([3, 2, 2, 1, 1, 0, 0]);
  });
});
