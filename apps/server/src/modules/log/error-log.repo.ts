import type { ClientLogEntry } from '@yuan/contract';
import type { Kdb } from '../../db/index.ts';
import { nextId } from '../../lib/id.ts';

/** The error log: server exceptions and the entries browsers upload from their local error log. */
export class ErrorLogRepo {
  constructor(private readonly db: Kdb) {}

  async addClientEntries(
    who: { tenantId: string; account: string; ip: string; userAgent: string },
    entries: ClientLogEntry[],
  ): Promise<number> {
    if (entries.length === 0) {
      return 0;
    }
    await this.db
      .insertInto('yuan_log_error')
      .values(
        entries.map((e) => ({
          tenant_id: who.tenantId,
          id: nextId(),
          source: 'client',
          type: e.type,
          request_uri: e.url,
          message: e.message,
          stack_trace: e.stack,
          info: e.info,
          client_time: e.time,
          remote_ip: who.ip.slice(0, 64),
          user_agent: who.userAgent.slice(0, 512),
          create_by: who.account,
        })),
      )
      .execute();
    return entries.length;
  }
}
