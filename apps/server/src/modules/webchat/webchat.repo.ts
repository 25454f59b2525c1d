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

const MESSAGE = sql`m.id::text AS id, m.conversation_id::text AS "conversationId", m.sender_id::text AS "senderId",
  ${displayName('u')} AS "senderName", m.body AS text, m.attach_name AS "attachName",
  m.attach_link AS "attachLink", m.attach_size::text AS "attachSize", m.create_time AS "createTime"`;
const SENDER = sql`LEFT JOIN yuan_user u ON u.tenant_id = m.tenant_id AND u.id = m.sender_id`;

/** Web chat SQL only: every statement names the tenant, and row-level security holds it to the scope's. */
export class WebchatRepo {
  constructor(private readonly db: Kdb) {}

  /** Live users of the tenant among `ids`. */
  async liveUsers(tenantId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) {
      return [];
    }
    const { rows } = await sql<{ id: string }>`SELECT id::text AS id FROM yuan_user
      WHERE tenant_id = ${tenantId} AND is_deleted = 0
        AND id IN (${sql.join(ids.map((id) => sql`${id}::bigint`))})`.execute(this.db);
    return rows.map((r) => r.id);
  }

  /** A user's display name (the typing indicator shows it). */
  async nameOf(tenantId: string, userId: string): Promise<string> {
    const { rows } = await sql<{ name: string }>`SELECT ${displayName('u')} AS name FROM yuan_user u
      WHERE u.tenant_id = ${tenantId} AND u.id = ${userId}::bigint`.execute(this.db);
    return rows[0]?.name ?? '';
  }

  /** The tenant's live users other than `me`, by account, optionally matching a keyword. */
  async users(tenantId: string, me: string, keyword: string, limit: number): Promise<ChatUser[]> {
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const { rows } = await sql<ChatUser>`SELECT u.id::text AS id, u.account, ${displayName('u')} AS name,
        u.avatar FROM yuan_user u
      WHERE u.tenant_id = ${tenantId} AND u.is_deleted = 0 AND u.id <> ${me}::bigint
        AND (${keyword} = '' OR u.account ILIKE ${like} OR u.name ILIKE ${like} OR u.real_name ILIKE ${like})
      ORDER BY u.account LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  async findDirect(tenantId: string, directKey: string): Promise<string | undefined> {
    const { rows } = await sql<{ id: string }>`SELECT id::text AS id FROM yuan_chat_conversation
      WHERE tenant_id = ${tenantId} AND direct_key = ${directKey}`.execute(this.db);
    return rows[0]?.id;
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
    const r =
      await sql`INSERT INTO yuan_chat_conversation (tenant_id, id, kind, name, direct_key, create_user)
      VALUES (${c.tenantId}, ${c.id}, ${c.kind}, ${c.name}, ${c.directKey}, ${c.createUser})
      ON CONFLICT DO NOTHING`.execute(this.db);
    return Number(r.numAffectedRows ?? 0) > 0;
  }

  async insertMembers(tenantId: string, conversationId: string, userIds: string[]): Promise<void> {
    await sql`INSERT INTO yuan_chat_member (tenant_id, conversation_id, user_id)
      VALUES ${sql.join(userIds.map((u) => sql`(${tenantId}, ${conversationId}, ${u})`))}
      ON CONFLICT DO NOTHING`.execute(this.db);
  }

  async isMember(tenantId: string, conversationId: string, userId: string): Promise<boolean> {
    const { rows } = await sql`SELECT 1 FROM yuan_chat_member
      WHERE tenant_id = ${tenantId} AND conversation_id = ${conversationId} AND user_id = ${userId}`.execute(
      this.db,
    );
    return rows.length > 0;
  }

  async memberIds(tenantId: string, conversationId: string): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`SELECT user_id::text AS id FROM yuan_chat_member
      WHERE tenant_id = ${tenantId} AND conversation_id = ${conversationId} ORDER BY user_id`.execute(
      this.db,
    );
    return rows.map((r) => r.id);
  }

  /** The members of some conversations, with their names. */
  async members(
    tenantId: string,
    conversationIds: string[],
  ): Promise<(ChatUser & { conversationId: string })[]> {
    if (conversationIds.length === 0) {
      return [];
    }
    const { rows } = await sql<ChatUser & { conversationId: string }>`
      SELECT mb.conversation_id::text AS "conversationId", mb.user_id::text AS id, COALESCE(u.account, '') AS account,
        ${displayName('u')} AS name, COALESCE(u.avatar, '') AS avatar
      FROM yuan_chat_member mb
      LEFT JOIN yuan_user u ON u.tenant_id = mb.tenant_id AND u.id = mb.user_id
      WHERE mb.tenant_id = ${tenantId}
        AND mb.conversation_id IN (${sql.join(conversationIds.map((id) => sql`${id}::bigint`))})
      ORDER BY mb.join_time, mb.user_id`.execute(this.db);
    return rows;
  }

  /**
   * Serialises the tenant's message writes until the transaction ends, so message ids (from one sequence) commit in
   * id order within the tenant: a client that saw id N has seen every earlier message of its conversations.
   */
  async lockMessages(tenantId: string): Promise<void> {
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
    const { rows } = await sql<{ id: string }>`INSERT INTO yuan_chat_message
        (tenant_id, id, conversation_id, sender_id, body, attach_name, attach_link, attach_size)
      VALUES (${m.tenantId}, nextval('yuan_chat_message_seq'), ${m.conversationId}, ${m.senderId}, ${m.text},
        ${a?.name ?? null}, ${a?.link ?? null}, ${a ? a.size : null})
      RETURNING id::text AS id`.execute(this.db);
    return (rows[0] as { id: string }).id;
  }

  /** The conversation's newest message; the sender has read up to it. */
  async touch(tenantId: string, conversationId: string, messageId: string, senderId: string): Promise<void> {
    await sql`UPDATE yuan_chat_conversation SET last_message_id = ${messageId}, update_time = now()
      WHERE tenant_id = ${tenantId} AND id = ${conversationId}`.execute(this.db);
    await sql`UPDATE yuan_chat_member SET last_read_id = GREATEST(last_read_id, ${messageId}::bigint)
      WHERE tenant_id = ${tenantId} AND conversation_id = ${conversationId} AND user_id = ${senderId}`.execute(
      this.db,
    );
  }

  /** Moves the member's read mark up to `upTo` (at most the newest message); undefined when not a member. */
  async markRead(
    tenantId: string,
    conversationId: string,
    userId: string,
    upTo: string | null,
  ): Promise<string | undefined> {
    const { rows } = await sql<{ lastReadId: string }>`UPDATE yuan_chat_member mb
      SET last_read_id = GREATEST(mb.last_read_id,
        LEAST(COALESCE(${upTo}::bigint, c.last_message_id), c.last_message_id))
      FROM yuan_chat_conversation c
      WHERE c.tenant_id = mb.tenant_id AND c.id = mb.conversation_id
        AND mb.tenant_id = ${tenantId} AND mb.conversation_id = ${conversationId} AND mb.user_id = ${userId}
      RETURNING mb.last_read_id::text AS "lastReadId"`.execute(this.db);
    return rows[0]?.lastReadId;
  }

  /** The user's conversations (or one of them), most recently active first, with unread counts. */
  async conversations(
    tenantId: string,
    userId: string,
    limit: number,
    only?: string,
  ): Promise<ConversationRow[]> {
    const { rows } = await sql<ConversationRow>`SELECT c.id::text AS id, c.kind, c.name,
        mb.last_read_id::text AS "lastReadId", c.update_time AS "updateTime",
        (SELECT count(*)::int FROM yuan_chat_message x
          WHERE x.tenant_id = c.tenant_id AND x.conversation_id = c.id AND x.id > mb.last_read_id) AS unread,
        m.id::text AS "lastId", m.sender_id::text AS "lastSenderId", ${displayName('u')} AS "lastSenderName",
        m.body AS "lastText", m.attach_name AS "lastAttachName", m.attach_link AS "lastAttachLink",
        m.attach_size::text AS "lastAttachSize", m.create_time AS "lastTime"
      FROM yuan_chat_member mb
      JOIN yuan_chat_conversation c ON c.tenant_id = mb.tenant_id AND c.id = mb.conversation_id
      LEFT JOIN yuan_chat_message m ON m.tenant_id = c.tenant_id AND m.id = c.last_message_id
      ${SENDER}
      WHERE mb.tenant_id = ${tenantId} AND mb.user_id = ${userId}
        ${only === undefined ? sql`` : sql`AND mb.conversation_id = ${only}::bigint`}
      ORDER BY c.last_message_id DESC, c.update_time DESC, c.id DESC
      LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /** A page of history, newest first; one more row than asked tells whether older ones exist. */
  async history(tenantId: string, conversationId: string, beforeId: string | null, size: number) {
    const { rows } = await sql<MessageRow>`SELECT ${MESSAGE} FROM yuan_chat_message m ${SENDER}
      WHERE m.tenant_id = ${tenantId} AND m.conversation_id = ${conversationId}
        ${beforeId === null ? sql`` : sql`AND m.id < ${beforeId}::bigint`}
      ORDER BY m.id DESC LIMIT ${size + 1}`.execute(this.db);
    return rows;
  }

  async message(tenantId: string, id: string): Promise<MessageRow | undefined> {
    const { rows } = await sql<MessageRow>`SELECT ${MESSAGE} FROM yuan_chat_message m ${SENDER}
      WHERE m.tenant_id = ${tenantId} AND m.id = ${id}`.execute(this.db);
    return rows[0];
  }

  /** Messages of the user's conversations after `lastId`, oldest first (one more than `limit` when more exist). */
  async since(tenantId: string, userId: string, lastId: string, limit: number): Promise<MessageRow[]> {
    const { rows } = await sql<MessageRow>`SELECT ${MESSAGE} FROM yuan_chat_message m
      JOIN yuan_chat_member mb ON mb.tenant_id = m.tenant_id AND mb.conversation_id = m.conversation_id
        AND mb.user_id = ${userId}
      ${SENDER}
      WHERE m.tenant_id = ${tenantId} AND m.id > ${lastId}::bigint
      ORDER BY m.id LIMIT ${limit + 1}`.execute(this.db);
    return rows;
  }

  async unreadTotal(tenantId: string, userId: string): Promise<number> {
    const { rows } = await sql<{ total: number }>`SELECT count(*)::int AS total FROM yuan_chat_member mb
      JOIN yuan_chat_message m ON m.tenant_id = mb.tenant_id AND m.conversation_id = mb.conversation_id
        AND m.id > mb.last_read_id
      WHERE mb.tenant_id = ${tenantId} AND mb.user_id = ${userId}`.execute(this.db);
    return rows[0]?.total ?? 0;
  }

  /** A live attachment the user stored with put-file: the message keeps its name, link and size. */
  async attachment(
    tenantId: string,
    userId: string,
    id: string,
  ): Promise<{ name: string; link: string; size: number } | undefined> {
    const { rows } = await sql<{ name: string; link: string; size: string }>`SELECT
        COALESCE(NULLIF(original_name, ''), name) AS name, link, attach_size::text AS size
      FROM yuan_attach
      WHERE tenant_id = ${tenantId} AND id = ${id} AND create_user = ${userId} AND is_deleted = 0`.execute(
      this.db,
    );
    const row = rows[0];
    return row ? { name: row.name, link: row.link, size: Number(row.size) } : undefined;
  }
}
