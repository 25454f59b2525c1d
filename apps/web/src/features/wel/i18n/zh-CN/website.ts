/** The welcome page's website configuration and its editor. */
export const website = {
  'website.edit': '编辑欢迎页',
  'website.editTitle': '欢迎页设置',
  'website.title': '标题',
  'website.banner': '横幅图片',
  'website.intro': '介绍',
  'website.links': '快捷链接',
  'website.linkTitle': '名称',
  'website.linkUrl': '地址',
  'website.urlRule': '只能是 http(s) 地址或以 / 开头的站内路径',
  'website.saved': '欢迎页已保存',
  'website.loadFailed': '欢迎页配置加载失败',
  'website.retry': '重试',
  'website.unset': '尚未设置欢迎页内容',
  'website.preview': '预览',
  'website.save': '保存',
  'website.cancel': '取消',
};
