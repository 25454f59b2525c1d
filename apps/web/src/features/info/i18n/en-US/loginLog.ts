/** Texts of the user's own login log (en). */
export const loginLog = {
  'myLog.event': 'Event',
  'myLog.login': 'Sign-in',
  'myLog.refresh': 'Token refresh',
  'myLog.ip': 'IP',
  'myLog.userAgent': 'Browser',
  'myLog.time': 'Time',
  'myLog.empty': 'No sign-ins yet',
} as const;
