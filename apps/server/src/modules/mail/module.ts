import { defineModule } from '../../lib/module/module.ts';
import { mailConfig } from './mail-config.ts';
import { MailService } from './mail.service.ts';

/** Mail: one-time codes and notices by SMTP (SMTP_URL, MAIL_FROM). */
export const mailModule = defineModule({
  name: 'mail',
  build({ config }) {
    const mail = new MailService(mailConfig(config.env));
    return {
      provides: { mail },
      async register(app) {
        app.stops.add('services', 'mail', () => mail.close());
      },
    };
  },
});
