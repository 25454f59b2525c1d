import { sql } from 'kysely';
import type { Kdb } from '../../db/index.ts';
import { displayName } from './chat-user.repo.ts';

/** A message as stored, with its sender's display name (the service shapes it for the client). */
export interface MessageRow {
  id: string;
  conversationId: string;
  senderId: string;
  senderName: string;
  text: string;
  attachName: string | null;
  attachLink: string | null;
  attachSize: string | null;
  createTime: Date | string;
}

const MESSAGE = [
  'm.id',
  'm.conversation_id as conversationId',
  'm.sender_id as senderId',
  displayName('u').as('senderName'),
  'm.body as text',
  'm.attach_name as attachName',
  'm.attach_link as attachLink',
  'm.attach_size as attachSize',
  'm.create_time as createTime',
] as const;

/** Chat messages. Every statement names the tenant (row-level security holds it too). */
export class MessageRepo {
  constructor(private readonly db: Kdb) {}

  private messages() {
    return this.db
      .selectFrom('yuan_chat_message as m')
      .leftJoin('yuan_user as u', (j) =>
        j.onRef('u.tenant_id', '=', 'm.tenant_id').onRef('u.id', '=', 'm.sender_id'),
      );
  }

  /**
   * Serialises the tenant's message writes until the transaction ends, so message ids (from one sequence) commit in
   * id order within the tenant: a client that saw id N has seen every earlier message of its conversations.
   */
  async lockMessages(tenantId: string): Promise<void> {
    // A lock function called for its effect: no table to query.
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`yuan_chat:${tenantId}`}, 0))`.execute(this.db);
  }

  async insertMessage(m: {
    tenantId: string;
    conversationId: string;
    senderId: string;
    text: string;
    attachment: { name: string; link: string; size: number } | null;
  }): Promise<string> {
    const a = m.attachment;
    const row = await this.db
      .insertInto('yuan_chat_message')
      .values({
        tenant_id: m.tenantId,
        id: sql<string>`nextval('yuan_chat_message_seq')`,
        conversation_id: m.conversationId,
        sender_id: m.senderId,
        body: m.text,
        attach_name: a?.name ?? null,
        attach_link: a?.link ?? null,
        attach_size: a ? a.size : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The conversation's newest message; the sender has read up to it. */
  async touch(tenantId: string, conversationId: string, messageId: string, senderId: string): Promise<void> {
    await this.db
      .updateTable('yuan_chat_conversation')
      .set({ last_message_id: messageId, update_time: sql<Date>`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', conversationId)
      .execute();
    await this.db
      .updateTable('yuan_chat_member')
      .set({ last_read_id: sql<string>`GREATEST(last_read_id, ${messageId}::bigint)` })
      .where('tenant_id', '=', tenantId)
      .where('conversation_id', '=', conversationId)
      .where('user_id', '=', senderId)
      .execute();
  }

  /** A page of history, newest first; one more row than asked tells whether older ones exist. */
  history(
    tenantId: string,
    conversationId: string,
    beforeId: string | null,
    size: number,
  ): Promise<MessageRow[]> {
    let q = this.messages()
      .select(MESSAGE)
      .where('m.tenant_id', '=', tenantId)
      .where('m.conversation_id', '=', conversationId);
    if (beforeId !== null) {
      q = q.where('m.id', '<', beforeId);
    }
    return q
      .orderBy('m.id', 'desc')
      .limit(size + 1)
      .execute();
  }

  message(tenantId: string, id: string): Promise<MessageRow | undefined> {
    return this.messages()
      .select(MESSAGE)
      .where('m.tenant_id', '=', tenantId)
      .where('m.id', '=', id)
      .executeTakeFirst();
  }

  /** Messages of the user's conversations after `lastId`, oldest first (one more than `limit` when more exist). */
  since(tenantId: string, userId: string, lastId: string, limit: number): Promise<MessageRow[]> {
    return this.messages()
      .innerJoin('yuan_chat_member as mb', (j) =>
        j
          .onRef('mb.tenant_id', '=', 'm.tenant_id')
          .onRef('mb.conversation_id', '=', 'm.conversation_id')
          .on('mb.user_id', '=', userId),
      )
      .select(MESSAGE)
      .where('m.tenant_id', '=', tenantId)
      .where('m.id', '>', lastId)
      .orderBy('m.id')
      .limit(limit + 1)
      .execute();
  }

  /** A live attachment the user stored with put-file: the message keeps its name, link and size. */
  async attachment(
    tenantId: string,
    userId: string,
    id: string,
  ): Promise<{ name: string; link: string; size: number } | undefined> {
    const row = await this.db
      .selectFrom('yuan_attach')
      .select((eb) => [
        eb.fn.coalesce(eb.fn<string | null>('nullif', ['original_name', sql.lit('')]), 'name').as('name'),
        'link',
        'attach_size',
      ])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('create_user', '=', userId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return row ? { name: row.name, link: row.link, size: Number(row.attach_size) } : undefined;
  }
}
