/** Texts of a row's history (the 历史 drawer of every CRUD screen) (zh). */
export const revision = {
  'revision.history': '历史',
  'revision.historyOf': '历史 · {{label}}',
  'revision.create': '新增',
  'revision.update': '修改',
  'revision.delete': '删除',
  'revision.field': '字段',
  'revision.before': '修改前',
  'revision.after': '修改后',
  'revision.hidden': '已修改（值不显示）',
  'revision.empty': '暂无历史记录',
  'revision.unknownUser': '未知用户',
  'revision.restore': '恢复',
  'revision.confirmRestore': '确定将该行恢复到此版本吗？',
  'revision.restored': '恢复成功',
  'revision.unchanged': '该行已是此版本，无需恢复',
} as const;
