/**
 * The database schema, as numbered migrations. Append new ones; never edit one that has shipped.
 * Each runs once, in a transaction, in order (see migrate.ts).
 */
export interface Migration {
  id: number;
  name: string;
  sql: string;
}

export const migrations: Migration[] = [
  {
    id: 1,
    name: 'contacts, chat boxes, codes, organisation users, messages',
    sql: `
      create table organization_users (
        id bigint generated always as identity primary key,
        uid text unique,
        email text not null,
        name text not null default '',
        avatar_url text,
        role text not null check (role in ('admin', 'agent')),
        created_at timestamptz not null default now()
      );
      create unique index organization_users_email on organization_users (lower(email));

      create table contacts (
        id text primary key,
        email text not null,
        name text not null default '',
        lang text not null default 'en',
        created_at timestamptz not null default now()
      );
      create unique index contacts_email on contacts (lower(email));

      create table chat_boxes (
        id text primary key,
        contact_id text not null references contacts (id) on delete cascade,
        created_at timestamptz not null default now(),
        last_message_at timestamptz
      );
      create index chat_boxes_contact on chat_boxes (contact_id);

      -- A code opens one chat box, or (chat_box_id null) the contact's page session.
      create table one_time_codes (
        id bigint generated always as identity primary key,
        contact_id text not null references contacts (id) on delete cascade,
        chat_box_id text references chat_boxes (id) on delete cascade,
        code_hash text not null,
        wrong_tries integer not null default 0,
        expires_at timestamptz not null,
        used_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index one_time_codes_live on one_time_codes (contact_id, chat_box_id) where used_at is null;

      -- Ids grow with every message; client_id makes a retried send land once.
      create table messages (
        id bigint generated always as identity primary key,
        chat_box_id text not null references chat_boxes (id) on delete cascade,
        client_id uuid not null,
        sender_kind text not null check (sender_kind in ('contact', 'staff')),
        sender_id text not null,
        body text not null,
        created_at timestamptz not null default now(),
        unique (chat_box_id, client_id)
      );
      create index messages_by_chat_box on messages (chat_box_id, id);

      create table rate_limits (
        key text primary key,
        window_start timestamptz not null,
        hits integer not null
      );
    `,
  },
  {
    id: 2,
    name: 'contact session versions',
    sql: `
      -- Every session token carries its contact's version; raising it ends them all (sessionVersions.ts).
      alter table contacts add column session_version integer not null default 0;
    `,
  },
  {
    id: 3,
    name: 'chat events, read cursors, chat box status',
    sql: `
      alter table chat_boxes
        add column status text not null default 'open' check (status in ('open', 'resolved')),
        -- The chat box's last event: every event takes the next number, so "everything after N" is one range.
        add column event_seq bigint not null default 0,
        add column last_activity_at timestamptz;
      update chat_boxes set last_activity_at = last_message_at;

      -- One row: the last position given to an event of any chat box. Taking the next one locks this row until
      -- commit, so positions are given in commit order without gaps: the staff inbox stream resumes after any.
      create table chat_event_positions (
        singleton boolean primary key default true check (singleton),
        last bigint not null
      );
      insert into chat_event_positions (last) values (0);

      create table chat_events (
        position bigint primary key,
        chat_box_id text not null references chat_boxes (id) on delete cascade,
        seq bigint not null,
        type text not null check (type in ('message', 'read', 'status')),
        message_id bigint references messages (id) on delete cascade,
        -- read: { reader: { kind, id }, messageId }; status: { status }.
        data jsonb,
        created_at timestamptz not null default now(),
        unique (chat_box_id, seq)
      );
      -- Deleting a message (erasure) finds its event without a scan.
      create index chat_events_message on chat_events (message_id) where message_id is not null;

      -- How far each participant has read; only ever moves forward.
      create table read_cursors (
        chat_box_id text not null references chat_boxes (id) on delete cascade,
        reader_kind text not null check (reader_kind in ('contact', 'staff')),
        reader_id text not null,
        message_id bigint not null,
        updated_at timestamptz not null default now(),
        primary key (chat_box_id, reader_kind, reader_id)
      );
    `,
  },
  {
    id: 4,
    name: 'assignment, internal notes, message search, staff removal',
    sql: `
      -- A removed staff member keeps their row, so their name stays on their messages; they can no longer sign in.
      alter table organization_users add column removed_at timestamptz;

      alter table chat_boxes add column assignee_id bigint references organization_users (id) on delete set null;
      create index chat_boxes_assignee on chat_boxes (assignee_id);
      create index chat_boxes_activity on chat_boxes ((coalesce(last_activity_at, created_at)) desc, id);

      -- internal: a staff-only note. search_text: the text as search compares it (NFKC, lower case, made by the
      -- server in JavaScript, which folds case in every script; SQL's lower() follows the database's locale).
      alter table messages
        add column internal boolean not null default false,
        add column search_text text;
      update messages set search_text = lower(body);

      alter table chat_events drop constraint chat_events_type_check;
      alter table chat_events add constraint chat_events_type_check check (type in ('message', 'read', 'status', 'assignment'));
    `,
  },
];
