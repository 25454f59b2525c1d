/** Texts of the log detail dialog (zh). */
export const logView = {
  'logView.title': '{{title}}详情',
  'logView.id': '编号',
  'logView.createTime': '记录时间',
} as const;
