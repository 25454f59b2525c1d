import type { revision as zh } from '../zh-CN/revision.ts';

/** Texts of a row's history (the History drawer of every CRUD screen) (en). */
export const revision: Record<keyof typeof zh, string> = {
  'revision.history': 'History',
  'revision.historyOf': 'History · {{label}}',
  'revision.create': 'Created',
  'revision.update': 'Changed',
  'revision.delete': 'Removed',
  'revision.field': 'Field',
  'revision.before': 'Before',
  'revision.after': 'After',
  'revision.hidden': 'Changed (value hidden)',
  'revision.empty': 'No history yet',
  'revision.unknownUser': 'Unknown user',
  'revision.restore': 'Restore',
  'revision.confirmRestore': 'Restore the row to this version?',
  'revision.restored': 'Restored',
  'revision.unchanged': 'The row is already in this version',
};
