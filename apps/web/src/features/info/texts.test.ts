import { describe, expect, it } from 'vitest';
import { profile as zh } from '../../shared/i18n/zh-CN/profile.ts';

describe('profile texts', () => {
  it('use the SPEC §5 wording in zh', () => {
    expect(zh['profile.phoneRequired']).toBe('手机号码不能为空');
    expect(zh['profile.phoneLength']).toBe('手机号码长度不为11位');
    expect(zh['profile.phoneFormat']).toBe('手机号码格式不正确');
    expect(zh['profile.passwordMismatch']).toBe('两次密码输入不一致');
    expect(zh['profile.passwordChanged']).toBe('修改成功');
  });
});
