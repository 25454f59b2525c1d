/** Texts of the log detail dialog (en). */
export const logView = {
  'logView.title': '{{title}} details',
  'logView.id': 'ID',
  'logView.createTime': 'Logged at',
} as const;
