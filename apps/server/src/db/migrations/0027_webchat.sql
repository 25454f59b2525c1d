-- Web chat (SPEC §2, §9): conversations of a tenant's users, their members with the last message each has read,
-- and the messages. Message ids come from one sequence, taken under a per-tenant lock, so within a tenant they
-- commit in id order and "every message after id N" is an exact catch-up (docs/decisions/0027-web-chat.md).
CREATE SEQUENCE yuan_chat_message_seq;

CREATE TABLE yuan_chat_conversation (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  kind varchar(8) NOT NULL CHECK (kind IN ('direct', 'group')),
  name varchar(64) NOT NULL DEFAULT '',
  -- One-to-one conversations: the two user ids, smaller first, so a pair has one conversation.
  direct_key varchar(40),
  create_user bigint NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now(),
  last_message_id bigint NOT NULL DEFAULT 0,
  update_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX yuan_chat_conversation_direct_uq ON yuan_chat_conversation (tenant_id, direct_key)
  WHERE direct_key IS NOT NULL;
SELECT yuan_enable_tenant_rls('yuan_chat_conversation');

CREATE TABLE yuan_chat_member (
  tenant_id varchar(12) NOT NULL,
  conversation_id bigint NOT NULL,
  user_id bigint NOT NULL,
  last_read_id bigint NOT NULL DEFAULT 0,
  join_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, conversation_id, user_id)
);
CREATE INDEX yuan_chat_member_user_idx ON yuan_chat_member (tenant_id, user_id);
SELECT yuan_enable_tenant_rls('yuan_chat_member');

CREATE TABLE yuan_chat_message (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  conversation_id bigint NOT NULL,
  sender_id bigint NOT NULL,
  body text NOT NULL DEFAULT '',
  attach_name varchar(255),
  attach_link varchar(1024),
  attach_size bigint,
  create_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX yuan_chat_message_conversation_idx ON yuan_chat_message (tenant_id, conversation_id, id DESC);
SELECT yuan_enable_tenant_rls('yuan_chat_message');
