/** Texts of the user's own notices (zh). */
export const myNotice = {
  'myNotice.all': '全部',
  'myNotice.title': '标题',
  'myNotice.source': '来源',
  'myNotice.tag': '标签',
  'myNotice.time': '发布时间',
  'myNotice.state': '状态',
  'myNotice.unread': '未读',
  'myNotice.read': '已读',
  'myNotice.open': '查看',
  'myNotice.empty': '暂无通知',
} as const;
