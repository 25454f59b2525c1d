import type { ChatUser } from '@yuan/contract';
import { sql } from 'kysely';
import type { Kdb } from '../../db/index.ts';
import { displayName } from './chat-user.repo.ts';

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

/** Conversations, their members and read marks. Every statement names the tenant (row-level security holds it too). */
export class ConversationRepo {
  constructor(private readonly db: Kdb) {}

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
  ofUser(tenantId: string, userId: string, limit: number, only?: string): Promise<ConversationRow[]> {
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
}
