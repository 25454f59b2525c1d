export const timeZone = {
  'timeZone.title': '时区设置',
  'timeZone.zone': '租户时区',
  'timeZone.search': '输入城市或偏移搜索时区',
  'timeZone.now': '该时区当前时间',
  'timeZone.server': '服务器时间',
  'timeZone.default': '尚未设置，使用默认时区 {{zone}}',
  'timeZone.saved': '当前保存的时区为 {{zone}}',
  'timeZone.hint': '列表和表单中的时间按该时区显示；查询和提交的日期时间也按该时区理解。',
  'timeZone.save': '保存',
  'timeZone.reset': '重置',
} as const;
