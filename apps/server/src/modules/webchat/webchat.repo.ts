import type { ChatUser } from '@yuan/contract';
import { sql } from 'kysely';
import type { Kdb } from '../../db/index.ts';

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

export interface ConversationRow {
  id: string;
  kind: 'direct' | 'group';
  name: string;
  lastReadId: string;
  unread: number;
  updateTime: Date | string;
  /** The last message's columns; null id when the conversation has none yet. */
  lastId: string | null;
  lastSenderId: string | null;
  lastSenderName: string | null;
  lastText: string | null;
  lastAttachName: string | null;
  lastAttachLink: string | null;
  lastAttachSize: string | null;
  lastTime: Date | string | null;
}

const displayName = (u: string) =>
  sql<string>`COALESCE(NULLIF(${sql.ref(`${u}.real_name`)}, ''), NULLIF(${sql.ref(`${u}.name`)}, ''),
    ${sql.ref(`${u}.account`)}, '')`;

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

/** Web chat SQL only: every statement names the tenant, and row-level security holds it to the scope's. */
export class WebchatRepo {
  constructor(private readonly db: Kdb) {}

  private messages() {
    return this.db
      .selectFrom('yuan_chat_message as m')
      .leftJoin('yuan_user as u', (j) =>
        j.onRef('u.tenant_id', '=', 'm.tenant_id').onRef('u.id', '=', 'm.sender_id'),
      );
  }

  /** Live users of the tenant among `ids`. */
  async liveUsers(tenantId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) {
      return [];
    }
    const rows = await this.db
      .selectFrom('yuan_user')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => r.id);
  }

  /** A user's display name (the typing indicator shows it). */
  async nameOf(tenantId: string, userId: string): Promise<string> {
    const row = await this.db
      .selectFrom('yuan_user as u')
      .select(displayName('u').as('name'))
      .where('u.tenant_id', '=', tenantId)
      .where('u.id', '=', userId)
      .executeTakeFirst();
    return row?.name ?? '';
  }

  /** The tenant's live users other than `me`, by account, optionally matching a keyword. */
  users(tenantId: string, me: string, keyword: string, limit: number): Promise<ChatUser[]> {
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    let q = this.db
      .selectFrom('yuan_user as u')
      .select(['u.id', 'u.account', displayName('u').as('name'), 'u.avatar'])
      .where('u.tenant_id', '=', tenantId)
      .where('u.is_deleted', '=', 0)
      .where('u.id', '<>', me);
    if (keyword !== '') {
      q = q.where((eb) =>
        eb.or([
          eb('u.account', 'ilike', like),
          eb('u.name', 'ilike', like),
          eb('u.real_name', 'ilike', like),
        ]),
      );
    }
    return q.orderBy('u.account').limit(limit).execute();
  }

  async findDirect(tenantId: string, directKey: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('yuan_chat_conversation')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('direct_key', '=', directKey)
      .executeTakeFirst();
    return row?.id;
  }

  /** False when a one-to-one conversation of the same pair was made first (by a concurrent call). */
  async insertConversation(c: {
    tenantId: string;
    id: string;
    kind: 'direct' | 'group';
    name: string;
    directKey: string | null;
    createUser: string;
  }): Promise<boolean> {
    const r = await this.db
      .insertInto('yuan_chat_conversation')
      .values({
        tenant_id: c.tenantId,
        id: c.id,
        kind: c.kind,
        name: c.name,
        direct_key: c.directKey,
        create_user: c.createUser,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async insertMembers(tenantId: string, conversationId: string, userIds: string[]): Promise<void> {
    await this.db
      .insertInto('yuan_chat_member')
      .values(userIds.map((u) => ({ tenant_id: tenantId, conversation_id: conversationId, user_id: u })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async isMember(tenantId: string, conversationId: string, userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('yuan_chat_member')
      .select('user_id')
      .where('tenant_id', '=', tenantId)
      .where('conversation_id', '=', conversationId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async memberIds(tenantId: string, conversationId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('yuan_chat_member')
      .select('user_id')
      .where('tenant_id', '=', tenantId)
      .where('conversation_id', '=', conversationId)
      .orderBy('user_id')
      .execute();
    return rows.map((r) => r.user_id);
  }

  /** The members of some conversations, with their names. */
  async members(
    tenantId: string,
    conversationIds: string[],
  ): Promise<(ChatUser & { conversationId: string })[]> {
    if (conversationIds.length === 0) {
      return [];
    }
    return this.db
      .selectFrom('yuan_chat_member as mb')
      .leftJoin('yuan_user as u', (j) =>
        j.onRef('u.tenant_id', '=', 'mb.tenant_id').onRef('u.id', '=', 'mb.user_id'),
      )
      .select((eb) => [
        'mb.conversation_id as conversationId',
        'mb.user_id as id',
        eb.fn.coalesce('u.account', sql.lit('')).as('account'),
        displayName('u').as('name'),
        eb.fn.coalesce('u.avatar', sql.lit('')).as('avatar'),
      ])
      .where('mb.tenant_id', '=', tenantId)
      .where('mb.conversation_id', 'in', conversationIds)
      .orderBy('mb.join_time')
      .orderBy('mb.user_id')
      .execute();
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

  /** Moves the member's read mark up to `upTo` (at most the newest message); undefined when not a member. */
  async markRead(
    tenantId: string,
    conversationId: string,
    userId: string,
    upTo: string | null,
  ): Promise<string | undefined> {
    const row = await this.db
      .updateTable('yuan_chat_member as mb')
      .from('yuan_chat_conversation as c')
      .set({
        last_read_id: sql<string>`GREATEST(mb.last_read_id,
          LEAST(COALESCE(${upTo}::bigint, c.last_message_id), c.last_message_id))`,
      })
      .whereRef('c.tenant_id', '=', 'mb.tenant_id')
      .whereRef('c.id', '=', 'mb.conversation_id')
      .where('mb.tenant_id', '=', tenantId)
      .where('mb.conversation_id', '=', conversationId)
      .where('mb.user_id', '=', userId)
      .returning('mb.last_read_id as lastReadId')
      .executeTakeFirst();
    return row?.lastReadId;
  }

  /** The user's conversations (or one of them), most recently active first, with unread counts. */
  conversations(tenantId: string, userId: string, limit: number, only?: string): Promise<ConversationRow[]> {
    let q = this.db
      .selectFrom('yuan_chat_member as mb')
      .innerJoin('yuan_chat_conversation as c', (j) =>
        j.onRef('c.tenant_id', '=', 'mb.tenant_id').onRef('c.id', '=', 'mb.conversation_id'),
      )
      .leftJoin('yuan_chat_message as m', (j) =>
        j.onRef('m.tenant_id', '=', 'c.tenant_id').onRef('m.id', '=', 'c.last_message_id'),
      )
      .leftJoin('yuan_user as u', (j) =>
        j.onRef('u.tenant_id', '=', 'm.tenant_id').onRef('u.id', '=', 'm.sender_id'),
      )
      .select((eb) => [
        'c.id',
        'c.kind',
        'c.name',
        'mb.last_read_id as lastReadId',
        'c.update_time as updateTime',
        eb
          .selectFrom('yuan_chat_message as x')
          .select((x) => x.cast<number>(x.fn.countAll(), 'integer').as('n'))
          .whereRef('x.tenant_id', '=', 'c.tenant_id')
          .whereRef('x.conversation_id', '=', 'c.id')
          .whereRef('x.id', '>', 'mb.last_read_id')
          .$asScalar()
          .as('unread'),
        'm.id as lastId',
        'm.sender_id as lastSenderId',
        displayName('u').as('lastSenderName'),
        'm.body as lastText',
        'm.attach_name as lastAttachName',
        'm.attach_link as lastAttachLink',
        'm.attach_size as lastAttachSize',
        'm.create_time as lastTime',
      ])
      .where('mb.tenant_id', '=', tenantId)
      .where('mb.user_id', '=', userId);
    if (only !== undefined) {
      q = q.where('mb.conversation_id', '=', only);
    }
    return q
      .orderBy('c.last_message_id', 'desc')
      .orderBy('c.update_time', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .$narrowType<{ kind: 'direct' | 'group'; unread: number }>()
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

  async unreadTotal(tenantId: string, userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('yuan_chat_member as mb')
      .innerJoin('yuan_chat_message as m', (j) =>
        j
          .onRef('m.tenant_id', '=', 'mb.tenant_id')
          .onRef('m.conversation_id', '=', 'mb.conversation_id')
          .onRef('m.id', '>', 'mb.last_read_id'),
      )
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('total'))
      .where('mb.tenant_id', '=', tenantId)
      .where('mb.user_id', '=', userId)
      .executeTakeFirst();
    return row?.total ?? 0;
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
