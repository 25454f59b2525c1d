import type { common as zh } from '../zh-CN/common.ts';

/** Texts shared by every screen (en). */
export const common: Record<keyof typeof zh, string> = {
  'app.title': 'Yuan Admin',
  'common.ok': 'OK',
  'common.cancel': 'Cancel',
  'common.confirmTitle': 'Notice',
  'common.loading': 'Loading…',
  'common.retry': 'Retry',
  'common.loadFailed': 'Failed to load',
  'common.empty': 'No data',
  'common.success': 'Done!',
  'common.close': 'Close',
  'request.unknownError': 'Unknown error',
  'request.tooFrequent': 'Too many requests, please try again later',
  'request.timeout': 'The request timed out, please try again later',
  'request.network': 'Network error, please check your connection',
  'errors.404': 'Sorry, the page you visited does not exist',
  'errors.403': 'Sorry, you are not allowed to open this page',
  'errors.500': 'Sorry, something went wrong on the server',
  'errors.back': 'Back home',
  'errors.render': 'This page failed to render',
  'errors.renderDetail': 'The error was saved to the error log. Retry or go back home.',
  'screen.notAvailable': 'This screen is not available yet',
  'wel.greeting': 'Welcome, {{name}}',
  'wel.intro':
    'This is the Yuan Admin multi-tenant back office. Pick a screen from the menu on the left, or open one quickly with the menu search.',
  'wel.account': 'Account',
  'wel.roles': 'Roles',
  'wel.tenant': 'Tenant',
  'iframe.missing': 'There is no address to show',
  'iframe.title': 'External page',
};
