import type { timeZone as zh } from '../zh-CN/timeZone.ts';

export const timeZone: Record<keyof typeof zh, string> = {
  'timeZone.title': 'Time zone',
  'timeZone.zone': 'Tenant time zone',
  'timeZone.search': 'Type a city or an offset to search',
  'timeZone.now': 'Current time in this zone',
  'timeZone.server': 'Server time',
  'timeZone.default': 'Not set yet: the default zone {{zone}} applies',
  'timeZone.saved': 'The saved time zone is {{zone}}',
  'timeZone.hint':
    'Times in lists and forms are shown in this zone; dates and times in searches and submitted forms are read in it too.',
  'timeZone.save': 'Save',
  'timeZone.reset': 'Reset',
};
