/** The welcome page's website configuration and its editor. */
export const website = {
  'website.edit': 'Edit welcome page',
  'website.editTitle': 'Welcome page settings',
  'website.title': 'Title',
  'website.banner': 'Banner image',
  'website.intro': 'Introduction',
  'website.links': 'Quick links',
  'website.linkTitle': 'Name',
  'website.linkUrl': 'Address',
  'website.urlRule': 'Only http(s) addresses or site paths starting with / are allowed',
  'website.saved': 'Welcome page saved',
  'website.loadFailed': 'The welcome page settings could not be loaded',
  'website.retry': 'Retry',
  'website.unset': 'The welcome page has no content yet',
  'website.preview': 'Preview',
  'website.save': 'Save',
  'website.cancel': 'Cancel',
};
