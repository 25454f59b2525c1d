import type { Database } from '../../db/index.ts';
import type { Egress } from '../../lib/egress/egress.ts';
import { AppError } from '../../lib/errors.ts';
import { type Transport, viaEgress } from '../../lib/provider-http/call-provider.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import {
  type SmsConfig,
  type SmsEndpoints,
  type SmsMessage,
  SmsSendError,
  smsEndpoints,
  smsProvider,
} from './sms/sms-provider.ts';

/**
 * Sends through a tenant's SMS configuration: the one with the given code, or the enabled one. The configuration is
 * read in a scope of its own and the provider is called after it has closed, so a slow provider holds no connection.
 */
export class SmsService {
  private readonly transport: Transport;

  /**
   * The providers' addresses are the operator's (SMS_ENDPOINTS, else the public APIs), so the egress guard trusts
   * exactly those; nothing a tenant configures can point a request elsewhere.
   */
  constructor(
    private readonly database: Database,
    private readonly endpoints: Partial<SmsEndpoints>,
    private readonly box: SecretBox,
    egress: Egress,
  ) {
    this.transport = viaEgress(egress.trusting(Object.values(smsEndpoints(endpoints))));
  }

  /** The configuration with the given code, or the enabled one; refuses when there is none. */
  async load(tenantId: string, code?: string): Promise<SmsConfig> {
    const row = await this.database.run({ tenantId }, () => {
      let q = this.database.db
        .selectFrom('yuan_sms')
        .select(['category', 'access_key', 'secret_key', 'region_id', 'sign_name', 'template_id'])
        .where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0);
      q = code === undefined ? q.where('status', '=', 1) : q.where('sms_code', '=', code);
      return q.executeTakeFirst();
    });
    if (!row) {
      throw new AppError(400, 'sms.notConfigured');
    }
    return {
      category: row.category,
      accessKey: row.access_key,
      secretKey: this.box.open(row.secret_key),
      regionId: row.region_id,
      signName: row.sign_name,
      templateId: row.template_id,
    };
  }

  /** Outside any scope: the provider may take seconds. */
  async deliver(config: SmsConfig, message: SmsMessage): Promise<void> {
    try {
      await smsProvider(config.category, this.endpoints, this.transport).send(config, message);
    } catch (error) {
      if (error instanceof SmsSendError) {
        // The provider is the operator's, and its code helps whoever configured it; the secret is never part of it.
        throw new AppError(502, 'sms.sendFailed', { detail: `${error.provider} ${error.detail}` });
      }
      throw error;
    }
  }
}
