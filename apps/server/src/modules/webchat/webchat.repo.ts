import type { Kdb } from '../../db/index.ts';
import { ChatUserRepo } from './chat-user.repo.ts';
import { ConversationRepo } from './conversation.repo.ts';
import { MessageRepo } from './message.repo.ts';

export type { ConversationRow } from './conversation.repo.ts';
export type { MessageRow } from './message.repo.ts';

/** Web chat SQL only, a repo a table group. */
export interface WebchatRepos {
  users: ChatUserRepo;
  conversations: ConversationRepo;
  messages: MessageRepo;
}

export function webchatRepos(db: Kdb): WebchatRepos {
  return {
    users: new ChatUserRepo(db),
    conversations: new ConversationRepo(db),
    messages: new MessageRepo(db),
  };
}
