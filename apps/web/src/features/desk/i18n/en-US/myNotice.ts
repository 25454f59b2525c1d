/** Texts of the user's own notices (en). */
export const myNotice = {
  'myNotice.all': 'All',
  'myNotice.title': 'Title',
  'myNotice.source': 'Source',
  'myNotice.tag': 'Tag',
  'myNotice.time': 'Published',
  'myNotice.state': 'State',
  'myNotice.unread': 'Unread',
  'myNotice.read': 'Read',
  'myNotice.open': 'Open',
  'myNotice.empty': 'No notices',
} as const;
