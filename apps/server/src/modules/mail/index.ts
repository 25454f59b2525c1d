/** The mail module's public face. */
export { mailModule } from './module.ts';
export type { MailLang, MailService } from './mail.service.ts';
