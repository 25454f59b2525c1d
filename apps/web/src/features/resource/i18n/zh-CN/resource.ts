/** Texts of the storage, SMS and attachment screens (zh). */
export const resource = {
  'storage.enable': '启用',
  'storage.enabled': '已启用',
  'storage.enableConfirm': '确定启用「{{code}}」吗？其他配置将被停用。',
  'attach.upload': '上传',
  'attach.uploadTitle': '上传附件',
  'attach.uploadHint': '点击或拖拽文件到此区域上传',
  'attach.uploadLimit': '一次最多 {{max}} 个文件；文件类型按内容检查，须与扩展名一致',
  'attach.uploaded': '上传成功',
  'attach.uploadFailed': '{{name}} 上传失败：{{message}}',
  'attach.tooMany': '一次最多上传 {{max}} 个文件',
  'attach.download': '下载',
} as const;
