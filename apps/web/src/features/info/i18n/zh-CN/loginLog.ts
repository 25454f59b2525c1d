/** Texts of the user's own login log (zh). */
export const loginLog = {
  'myLog.event': '事件',
  'myLog.login': '登录',
  'myLog.refresh': '刷新令牌',
  'myLog.ip': 'IP地址',
  'myLog.userAgent': '浏览器',
  'myLog.time': '时间',
  'myLog.empty': '暂无登录记录',
} as const;
