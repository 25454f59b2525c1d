import { domainRoutes, page } from '../screens.ts';

/** Object storage, SMS settings and attachments. */
export const resourceRoutes = domainRoutes(() => import('./i18n/index.ts'), {
  '/resource/oss/index': page(() => import('./oss/OssPage.tsx'), 'OssPage'),
  '/resource/sms/index': page(() => import('./sms/SmsPage.tsx'), 'SmsPage'),
  '/resource/attach/index': page(() => import('./attach/AttachPage.tsx'), 'AttachPage'),
});
