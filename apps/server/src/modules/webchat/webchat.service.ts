import {
  type ChatConversation,
  type ChatHistory,
  type ChatMessage,
  type ChatUser,
  WEBCHAT_CATCH_UP_MAX,
  WEBCHAT_GROUP_MEMBERS_MAX,
  WEBCHAT_MESSAGES,
} from '@yuan/contract';
import { badRequest, FieldError, notFound } from '../../lib/errors.ts';
import { nextId } from '../../lib/id.ts';
import type { AuthContext } from '../../types.ts';
import type { ChatEvent, FanOut } from './fan-out.ts';
import { plainText } from './plain-text.ts';
import type { ConversationRow, MessageRow, WebchatRepos } from './webchat.repo.ts';

const CONVERSATIONS_MAX = 200;
const USERS_MAX = 50;

const iso = (value: Date | string) => new Date(value).toISOString();
const byNumber = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);

function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    senderName: row.senderName,
    text: row.text,
    attachment: row.attachLink
      ? { name: row.attachName ?? '', link: row.attachLink, size: Number(row.attachSize ?? 0) }
      : null,
    createTime: iso(row.createTime),
  };
}

function lastMessageOf(row: ConversationRow): ChatMessage | null {
  if (row.lastId === null) {
    return null;
  }
  return toMessage({
    id: row.lastId,
    conversationId: row.id,
    senderId: row.lastSenderId ?? '',
    senderName: row.lastSenderName ?? '',
    text: row.lastText ?? '',
    attachName: row.lastAttachName,
    attachLink: row.lastAttachLink,
    attachSize: row.lastAttachSize,
    createTime: row.lastTime ?? row.updateTime,
  });
}

/**
 * Web chat rules. Every method runs in the caller's tenant scope; a conversation the caller is not a member of —
 * another tenant's included — is "not found", and nothing changes.
 */
export class WebchatService {
  constructor(
    private readonly repos: WebchatRepos,
    private readonly bus: FanOut,
  ) {}

  users(ctx: AuthContext, keyword: string | undefined): Promise<ChatUser[]> {
    return this.repos.users.search(ctx.tenantId, ctx.userId, keyword ?? '', USERS_MAX);
  }

  async conversations(ctx: AuthContext): Promise<ChatConversation[]> {
    return this.shape(
      ctx,
      await this.repos.conversations.ofUser(ctx.tenantId, ctx.userId, CONVERSATIONS_MAX),
    );
  }

  async conversation(ctx: AuthContext, id: string): Promise<ChatConversation> {
    const [found] = await this.shape(
      ctx,
      await this.repos.conversations.ofUser(ctx.tenantId, ctx.userId, 1, id),
    );
    if (!found) {
      throw notFound();
    }
    return found;
  }

  private async shape(ctx: AuthContext, rows: ConversationRow[]): Promise<ChatConversation[]> {
    const members = await this.repos.conversations.members(
      ctx.tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((row) => {
      const own = members
        .filter((m) => m.conversationId === row.id)
        .map(({ conversationId: _, ...user }) => user);
      const peer = own.find((m) => m.id !== ctx.userId);
      return {
        id: row.id,
        kind: row.kind,
        name: row.kind === 'group' ? row.name : (peer?.name ?? ''),
        members: own,
        lastMessage: lastMessageOf(row),
        unread: row.unread,
        lastReadId: row.lastReadId,
        updateTime: iso(row.updateTime),
      };
    });
  }

  /** The one-to-one conversation with a user of the caller's tenant, made on first use. */
  async openDirect(ctx: AuthContext, userId: string): Promise<ChatConversation> {
    if (userId === ctx.userId) {
      throw badRequest();
    }
    if ((await this.repos.users.liveUsers(ctx.tenantId, [userId])).length === 0) {
      throw notFound();
    }
    const directKey = [ctx.userId, userId].sort(byNumber).join(':');
    let id = await this.repos.conversations.findDirect(ctx.tenantId, directKey);
    if (!id) {
      const made = nextId();
      const fresh = await this.repos.conversations.insertConversation({
        tenantId: ctx.tenantId,
        id: made,
        kind: 'direct',
        name: '',
        directKey,
        createUser: ctx.userId,
      });
      if (fresh) {
        await this.repos.conversations.insertMembers(ctx.tenantId, made, [ctx.userId, userId]);
      }
      // A concurrent call made the pair's conversation first: that one it is.
      id = fresh ? made : await this.repos.conversations.findDirect(ctx.tenantId, directKey);
    }
    return this.conversation(ctx, id as string);
  }

  /** A group of the caller and some users of the tenant; any id that is not one of them refuses it whole. */
  async createGroup(ctx: AuthContext, name: string, memberIds: string): Promise<ChatConversation> {
    const title = plainText(name);
    if (!title) {
      throw new FieldError('name', `@${WEBCHAT_MESSAGES.groupName}`);
    }
    const others = [...new Set(memberIds.split(','))].filter((id) => id !== ctx.userId);
    if (others.length === 0) {
      throw new FieldError('memberIds', `@${WEBCHAT_MESSAGES.members}`);
    }
    if (others.length > WEBCHAT_GROUP_MEMBERS_MAX) {
      throw badRequest();
    }
    if ((await this.repos.users.liveUsers(ctx.tenantId, others)).length !== others.length) {
      throw notFound();
    }
    const id = nextId();
    await this.repos.conversations.insertConversation({
      tenantId: ctx.tenantId,
      id,
      kind: 'group',
      name: title,
      directKey: null,
      createUser: ctx.userId,
    });
    const everyone = [ctx.userId, ...others];
    await this.repos.conversations.insertMembers(ctx.tenantId, id, everyone);
    await this.bus.publish({
      tenantId: ctx.tenantId,
      userIds: everyone,
      frame: { type: 'conversation', conversationId: id },
    });
    return this.conversation(ctx, id);
  }

  /** A page of history before `beforeId` (the newest page without it), oldest first. */
  async history(
    ctx: AuthContext,
    id: string,
    beforeId: string | undefined,
    size: number,
  ): Promise<ChatHistory> {
    if (!(await this.repos.conversations.isMember(ctx.tenantId, id, ctx.userId))) {
      throw notFound();
    }
    const rows = await this.repos.messages.history(ctx.tenantId, id, beforeId ?? null, size);
    return { records: rows.slice(0, size).reverse().map(toMessage), hasMore: rows.length > size };
  }

  /** Marks read up to `lastId` (default: the newest message); answers the caller's unread total after it. */
  async read(
    ctx: AuthContext,
    id: string,
    lastId: string | undefined,
  ): Promise<{ id: string; lastReadId: string; total: number }> {
    const lastReadId = await this.repos.conversations.markRead(ctx.tenantId, id, ctx.userId, lastId ?? null);
    if (lastReadId === undefined) {
      throw notFound();
    }
    // The caller's other windows (and the top bar) follow.
    await this.bus.publish({
      tenantId: ctx.tenantId,
      userIds: [ctx.userId],
      frame: { type: 'read', conversationId: id, lastReadId },
    });
    return { id, lastReadId, total: await this.repos.conversations.unreadTotal(ctx.tenantId, ctx.userId) };
  }

  async unread(ctx: AuthContext): Promise<{ total: number }> {
    return { total: await this.repos.conversations.unreadTotal(ctx.tenantId, ctx.userId) };
  }

  /** Stores a message (plain text, an attachment of the sender's) and announces it to every member. */
  async send(
    ctx: AuthContext,
    input: { conversationId: string; text: string; attachId?: string; clientId: string },
  ): Promise<ChatMessage> {
    // The frame's schema limits the length; removing markup only shortens it.
    const text = plainText(input.text);
    if (!text && !input.attachId) {
      throw new FieldError('text', `@${WEBCHAT_MESSAGES.empty}`);
    }
    const { tenantId, userId } = ctx;
    if (!(await this.repos.conversations.isMember(tenantId, input.conversationId, userId))) {
      throw notFound();
    }
    const attachment = input.attachId
      ? await this.repos.messages.attachment(tenantId, userId, input.attachId)
      : null;
    if (attachment === undefined) {
      throw notFound();
    }
    await this.repos.messages.lockMessages(tenantId);
    const id = await this.repos.messages.insertMessage({
      tenantId,
      conversationId: input.conversationId,
      senderId: userId,
      text,
      attachment,
    });
    await this.repos.messages.touch(tenantId, input.conversationId, id, userId);
    const message = toMessage((await this.repos.messages.message(tenantId, id)) as MessageRow);
    await this.bus.publish({
      tenantId,
      userIds: await this.repos.conversations.memberIds(tenantId, input.conversationId),
      frame: { type: 'message', message, clientId: input.clientId },
    });
    return message;
  }

  /** Tells the other members that the caller is typing (nothing is stored). */
  async typing(ctx: AuthContext, conversationId: string, name: string): Promise<void> {
    if (!(await this.repos.conversations.isMember(ctx.tenantId, conversationId, ctx.userId))) {
      throw notFound();
    }
    const others = (await this.repos.conversations.memberIds(ctx.tenantId, conversationId)).filter(
      (u) => u !== ctx.userId,
    );
    await this.bus.publish({
      tenantId: ctx.tenantId,
      userIds: others,
      frame: { type: 'typing', conversationId, userId: ctx.userId, name },
    });
  }

  nameOf(ctx: AuthContext): Promise<string> {
    return this.repos.users.nameOf(ctx.tenantId, ctx.userId);
  }

  /** What the caller missed after `lastId` in all its conversations, oldest first. */
  async since(ctx: AuthContext, lastId: string): Promise<{ messages: ChatMessage[]; more: boolean }> {
    const rows = await this.repos.messages.since(ctx.tenantId, ctx.userId, lastId, WEBCHAT_CATCH_UP_MAX);
    return {
      messages: rows.slice(0, WEBCHAT_CATCH_UP_MAX).map(toMessage),
      more: rows.length > WEBCHAT_CATCH_UP_MAX,
    };
  }

  /** A stored message as the event its members get (the bus carried only its id), in the tenant's scope. */
  async eventOf(
    tenantId: string,
    messageId: string,
    clientId: string | undefined,
  ): Promise<ChatEvent | undefined> {
    const row = await this.repos.messages.message(tenantId, messageId);
    if (!row) {
      return undefined;
    }
    return {
      tenantId,
      userIds: await this.repos.conversations.memberIds(tenantId, row.conversationId),
      frame: { type: 'message', message: toMessage(row), ...(clientId ? { clientId } : {}) },
    };
  }
}
