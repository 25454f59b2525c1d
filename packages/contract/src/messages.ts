import type { Language } from './constants.ts';

/** Server message catalogue: every error the API returns is one of these keys, rendered in the caller's language. */
const zh = {
  ok: '操作成功',
  'error.badRequest': '请求参数不正确',
  'error.validation': '{field}: {detail}',
  'error.unauthorized': '请求未授权，请重新登录',
  'error.forbidden': '缺失功能权限，请联系管理员',
  'error.notFound': '请求的资源不存在',
  'error.methodNotAllowed': '请求方法不支持',
  'error.tooLarge': '请求内容过大',
  'error.unsupportedMedia': '请求内容类型不支持',
  'error.tooMany': '您的操作过于频繁，请稍后再试',
  'error.internal': '服务器异常，请联系管理员',
  'error.missingParam': '缺少参数: {name}',
  'error.hasChildren': '请先删除子节点',
  'user.quotaExceeded': '当前租户已到最大账号额度',
  'upload.missing': '请选择要上传的文件',
  'upload.tooLarge': '文件不能超过{max}MB',
  'upload.type': '文件类型不支持或与扩展名不符',
  'upload.avatar': '头像只能是 JPG 或 PNG 格式，且不超过 500KB',
  'user.importFile': '文件不是有效的用户导入表格',
  'user.importEmpty': '表格中没有用户，或超过{max}行',
  'user.importRow': '第{row}行数据有误: {detail}',
  'user.passwordMismatch': '两次密码输入不一致',
  'user.oldPasswordWrong': '原密码不正确',
  'user.removeSelf': '不能删除当前登录的账号',
  'error.outsidePackage': '所选菜单超出租户产品包范围',
  'error.parentInvalid': '上级节点不存在或不能是自身及其下级',
  'error.sealed': '封存的数据不能删除',
  'error.inUse': '数据正在使用中，不能删除',
  'auth.badCredentials': '用户名或密码错误',
  'auth.locked': '登录失败次数过多，请{minutes}分钟后再试',
  'auth.captchaRequired': '请先完成验证码校验',
  'auth.captchaInvalid': '验证码不正确或已过期',
  'auth.clientInvalid': '客户端认证失败',
  'auth.grantUnsupported': '不支持的授权类型',
  'auth.refreshInvalid': '刷新令牌无效或已过期，请重新登录',
  'auth.tenantInvalid': '租户不存在或已停用',
  'auth.tenantExpired': '租户授权已过期，请联系管理员',
  'auth.userDisabled': '账号已停用，请联系管理员',
  'auth.noRole': '账号尚未分配角色，请联系管理员',
  'auth.missingParam': '缺少参数: {name}',
  'auth.switchOff': '未开启部门与角色切换',
  'auth.chooseDept': '请选择部门',
  'auth.chooseRole': '请选择角色',
  'cache.cleared': '清除完毕',
  'logout.ok': '退出成功',
  'register.ok': '注册成功，请等待管理员审核',
  'register.oauthUnknown': '第三方账号不存在或已绑定',
  'code.sent': '验证码已发送',
  'code.invalid': '验证码不正确或已过期',
  'sms.notConfigured': '短信服务未配置',
  'sms.sendFailed': '短信发送失败: {detail}',
  'sms.sent': '发送成功!',
} as const;

export type MessageKey = keyof typeof zh;

const en: Record<MessageKey, string> = {
  ok: 'Success',
  'error.badRequest': 'Invalid request parameters',
  'error.validation': '{field}: {detail}',
  'error.unauthorized': 'Unauthorized, please sign in again',
  'error.forbidden': 'You do not have permission for this action',
  'error.notFound': 'The requested resource does not exist',
  'error.methodNotAllowed': 'Method not allowed',
  'error.tooLarge': 'The request body is too large',
  'error.unsupportedMedia': 'Unsupported content type',
  'error.tooMany': 'Too many requests, please try again later',
  'error.internal': 'Internal server error, please contact the administrator',
  'error.missingParam': 'Missing parameter: {name}',
  'error.hasChildren': 'Delete the child nodes first',
  'user.quotaExceeded': 'The tenant has reached its account quota',
  'upload.missing': 'Please choose a file to upload',
  'upload.tooLarge': 'The file must be at most {max} MB',
  'upload.type': 'The file type is not allowed or does not match its extension',
  'upload.avatar': 'The avatar must be a JPG or PNG file of at most 500 KB',
  'user.importFile': 'The file is not a valid user import sheet',
  'user.importEmpty': 'The sheet has no users, or more than {max} rows',
  'user.importRow': 'Row {row} is invalid: {detail}',
  'user.passwordMismatch': 'The two passwords differ',
  'user.oldPasswordWrong': 'The current password is wrong',
  'user.removeSelf': 'You cannot remove the account you are signed in with',
  'error.outsidePackage': "The chosen menus are outside the tenant's package",
  'error.parentInvalid': 'The parent does not exist, or is the node itself or one of its descendants',
  'error.sealed': 'Sealed entries cannot be removed',
  'error.inUse': 'The entry is in use and cannot be removed',
  'auth.badCredentials': 'Wrong account or password',
  'auth.locked': 'Too many failed sign-ins; try again in {minutes} minutes',
  'auth.captchaRequired': 'Please complete the captcha first',
  'auth.captchaInvalid': 'The captcha is wrong or has expired',
  'auth.clientInvalid': 'Client authentication failed',
  'auth.grantUnsupported': 'Unsupported grant type',
  'auth.refreshInvalid': 'The refresh token is invalid or expired, please sign in again',
  'auth.tenantInvalid': 'The tenant does not exist or is disabled',
  'auth.tenantExpired': 'The tenant licence has expired, please contact the administrator',
  'auth.userDisabled': 'The account is disabled, please contact the administrator',
  'auth.noRole': 'The account has no role yet, please contact the administrator',
  'auth.missingParam': 'Missing parameter: {name}',
  'auth.switchOff': 'Switching department and role is not enabled',
  'auth.chooseDept': 'Please choose a department',
  'auth.chooseRole': 'Please choose a role',
  'cache.cleared': 'Cache cleared',
  'logout.ok': 'Signed out',
  'register.ok': 'Registered: please wait for an administrator to approve the account',
  'register.oauthUnknown': 'The third-party account does not exist or is already linked',
  'code.sent': 'The code has been sent',
  'code.invalid': 'The code is wrong or has expired',
  'sms.notConfigured': 'No SMS service is configured',
  'sms.sendFailed': 'The SMS could not be sent: {detail}',
  'sms.sent': 'Sent!',
};

const catalogues: Record<Language, Record<MessageKey, string>> = { zh, en };

export function message(
  lang: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const text = catalogues[lang][key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Picks zh or en from an Accept-Language header; anything else falls back to zh. */
export function languageOf(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) {
    return 'zh';
  }
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}
