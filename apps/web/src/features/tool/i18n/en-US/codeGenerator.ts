/** Texts of the code generator and the datasource test (en). */
export const codeGenerator = {
  'builder.code.ownDatabase': "The app's own database",
  'builder.code.ownTables': 'Type the table name',
  'builder.code.pickTable': 'Choose or type the table name',
  'builder.code.tablesLoading': "Reading the datasource's tables…",
  'builder.code.tablesFailed': "The datasource's tables could not be read: {{reason}}",
  'builder.code.generate': 'Generate',
  'builder.code.genFailed': 'Code generation failed',
  'builder.code.copy': 'Copy',
  'builder.code.copied': 'Copied',
  'builder.datasource.test': 'Test connection',
  'builder.datasource.testOk': 'Connected: PostgreSQL {{version}} ({{ms}} ms)',
} as const;
