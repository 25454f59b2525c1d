/** Texts of the code generator and the datasource test (zh). */
export const codeGenerator = {
  'builder.code.ownDatabase': '本应用数据库',
  'builder.code.ownTables': '输入表名',
  'builder.code.pickTable': '选择或输入表名',
  'builder.code.tablesLoading': '正在读取数据源的表…',
  'builder.code.tablesFailed': '未能读取数据源的表：{{reason}}',
  'builder.code.generate': '生成代码',
  'builder.code.genFailed': '生成代码失败',
  'builder.code.copy': '复制',
  'builder.code.copied': '复制成功',
  'builder.datasource.test': '测试连接',
  'builder.datasource.testOk': '连接成功 PostgreSQL {{version}}（{{ms}} ms）',
} as const;
