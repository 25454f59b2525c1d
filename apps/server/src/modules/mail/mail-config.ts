import { z } from 'zod';
import { ConfigError } from '../../config.ts';

export const DEFAULT_MAIL_FROM = 'Yuan Admin <no-reply@localhost>';

export interface MailConfig {
  /** smtp:// (plain, STARTTLS when offered) or smtps:// (implicit TLS) with the credentials; undefined: no mail. */
  url: string | undefined;
  /** The From header and envelope sender, e.g. `Yuan Admin <no-reply@example.com>`. */
  from: string;
}

// An empty variable (`SMTP_URL=` in an env file) means "unset", as JWT_SECRET does in config.ts.
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

// One address, bare or as `Name <address>`; a list would make every code go to several mailboxes.
const FROM_PATTERN = /^(?:[^<>,]*<[^<>\s@,]+@[^<>\s@,]+>|[^<>\s@,]+@[^<>\s@,]+)$/;

const mailEnvSchema = z.object({
  SMTP_URL: z.preprocess(
    blankToUndefined,
    z
      .url({
        protocol: /^smtps?$/,
        hostname: /^.+$/,
        // The value carries the SMTP password, so the message describes the shape and never echoes the input.
        error: 'must be smtp://user:pass@host:port or smtps://user:pass@host:port',
      })
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(FROM_PATTERN, { error: 'must be one address, e.g. Yuan Admin <no-reply@example.com>' })
      .default(DEFAULT_MAIL_FROM),
  ),
});

/** Reads SMTP_URL and MAIL_FROM; throws ConfigError (naming the variable, never its value) when one is malformed. */
export function mailConfig(env: NodeJS.ProcessEnv): MailConfig {
  const parsed = mailEnvSchema.safeParse({ SMTP_URL: env.SMTP_URL, MAIL_FROM: env.MAIL_FROM });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return { url: parsed.data.SMTP_URL, from: parsed.data.MAIL_FROM };
}
