/** The resource module's public face. */
export { resourceModule } from './module.ts';
export type { SmsService } from './sms-send.service.ts';
