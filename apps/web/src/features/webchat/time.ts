import dayjs from 'dayjs';

/** A message's time as a chat shows it: the hour today, the day and hour before (the viewer's local time). */
export function shortTime(iso: string, now = new Date()): string {
  const at = dayjs(iso);
  if (!at.isValid()) {
    return '';
  }
  if (at.isSame(now, 'day')) {
    return at.format('HH:mm');
  }
  return at.isSame(now, 'year') ? at.format('MM-DD HH:mm') : at.format('YYYY-MM-DD HH:mm');
}
