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
  {
    id: 5,
    name: 'storing messages in one call',
    sql: `
      -- Stores messages, each with its event, in the order given: the chat box's next seq, the next position, the
      -- message, the event (the same row order as every other change, so writers queue rather than deadlock). One
      -- call for many: PL/pgSQL keeps its statements' plans, and PGlite runs one call instead of one per send. A
      -- client id seen before in that chat box stores nothing for that entry (duplicate); an unknown chat box
      -- neither (missing); the others are stored.
      create function foyer_store_messages(entries jsonb)
      returns table (i integer, id bigint, created_at timestamptz, "position" bigint, seq bigint, status text, outcome text)
      language plpgsql as $fn$
      declare
        e record;
        v_seq bigint;
        v_status text;
      begin
        for e in select * from jsonb_to_recordset(entries)
          as x(i integer, chat_box_id text, client_id uuid, sender_kind text, sender_id text, body text, internal boolean, search_text text)
        loop
          i := e.i;
          begin
            update chat_boxes b set event_seq = b.event_seq + 1, last_message_at = now(), last_activity_at = now()
              where b.id = e.chat_box_id returning b.event_seq, b.status into v_seq, v_status;
            if not found then
              id := null; created_at := null; "position" := null; seq := null; status := null; outcome := 'missing';
              return next;
              continue;
            end if;
            update chat_event_positions set last = last + 1 returning last into "position";
            insert into messages as m (chat_box_id, client_id, sender_kind, sender_id, body, internal, search_text)
              values (e.chat_box_id, e.client_id, e.sender_kind, e.sender_id, e.body, e.internal, e.search_text)
              returning m.id, m.created_at into id, created_at;
            insert into chat_events (position, chat_box_id, seq, type, message_id)
              values ("position", e.chat_box_id, v_seq, 'message', id);
            seq := v_seq; status := v_status; outcome := 'stored';
          exception when unique_violation then
            id := null; created_at := null; "position" := null; seq := null; status := null; outcome := 'duplicate';
          end;
          return next;
        end loop;
      end
      $fn$;
    `,
  },
  {
    id: 6,
    name: 'mail outbox',
    sql: `
      -- Every e-mail is written here in the transaction of the change that causes it (an invitation, unread
      -- messages), then sent by mail/worker.ts. idempotency_key: one row per cause, however often it is retried.
      -- message_id: the same Message-ID on every attempt, so a copy sent twice (a crash between the SMTP server's
      -- acceptance and marking the row) is recognisably the same e-mail. claimed_until: a worker's lease, taken
      -- with FOR UPDATE SKIP LOCKED so processes sharing PostgreSQL never send one row at the same time.
      create table mail_outbox (
        id bigint generated always as identity primary key,
        idempotency_key text not null unique,
        kind text not null,
        recipient text not null,
        message_id text not null unique,
        subject text not null,
        text_body text not null,
        html_body text not null,
        headers jsonb not null default '{}'::jsonb,
        created_at timestamptz not null default now(),
        due_at timestamptz not null default now(),
        attempts integer not null default 0,
        claimed_until timestamptz,
        last_error text,
        sent_at timestamptz,
        gave_up_at timestamptz
      );
      create index mail_outbox_due on mail_outbox (due_at, id) where sent_at is null and gave_up_at is null;
    `,
  },
  {
    id: 7,
    name: 'missed-message e-mails',
    sql: `
      -- Who still wants e-mails about unread messages: a contact turns them off with the link in one (no sign-in);
      -- a staff member on the staff page or with that link. lang: the language a staff member's e-mails are in.
      alter table contacts add column missed_mail_off_at timestamptz;
      alter table organization_users
        add column missed_mail boolean not null default true,
        add column lang text not null default 'en';

      -- The last missed-message e-mail of each side of a chat box (at most one an hour) and the last message it
      -- covered (a message is told about once).
      alter table chat_boxes
        add column contact_mailed_at timestamptz,
        add column contact_mailed_through bigint not null default 0,
        add column staff_mailed_at timestamptz,
        add column staff_mailed_through bigint not null default 0;

      -- Who has an event stream open, one row per Foyer process, kept fresh while the process lives (a process
      -- that dies stops counting when alive_until passes). No e-mail goes to someone who is reading.
      create table stream_presence (
        process text primary key,
        chat_box_ids text[] not null,
        staff_uids text[] not null,
        alive_until timestamptz not null
      );
    `,
  },
  {
    id: 8,
    name: 'article votes and searches that found nothing',
    sql: `
      -- "Was this helpful?": one row per vote. article: '{category}/{slug}'. voter: a random id the browser keeps in a
      -- cookie for a day (nothing else about the reader), so a second vote that day, or the comment after "No",
      -- changes this row instead of adding one.
      create table article_votes (
        id bigint generated always as identity primary key,
        lang text not null,
        article text not null,
        voter uuid not null,
        helpful boolean not null,
        comment text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (voter, lang, article)
      );
      create index article_votes_by_article on article_votes (lang, article);
      create index article_votes_comments on article_votes (created_at desc) where comment is not null;

      -- Searches with no result, counted per language, normalised query and day; nothing about who searched.
      create table search_misses (
        lang text not null,
        query text not null,
        day date not null,
        count integer not null,
        primary key (lang, query, day)
      );
      create index search_misses_by_day on search_misses (day);
    `,
  },
  {
    id: 9,
    name: 'message search index',
    sql: `
      -- The distinct pairs of adjacent characters of a text ('refund': re, ef, fu, un, nd). Every substring of two
      -- characters or more has all its pairs in any text that contains it, so a GIN index over them finds the
      -- messages that may contain a search's text, and LIKE confirms. Pairs rather than pg_trgm's trigrams: trigrams
      -- need three characters (Chinese words are often two), and pg_trgm skips non-ASCII letters under the C locale
      -- PGlite runs with. Characters, not bytes: the database is UTF-8, and search_text is NFKC and lower case.
      create or replace function foyer_bigrams(t text) returns text[]
      language sql immutable strict parallel safe as $fn$
        select coalesce(array_agg(distinct substr(t, i, 2)), '{}') from generate_series(1, length(t) - 1) as i
      $fn$;
      -- if not exists: on a large PostgreSQL database the index can be built beforehand, concurrently (docs/api.md).
      create index if not exists messages_search_bigrams on messages using gin (foyer_bigrams(search_text));
    `,
  },
  {
    id: 10,
    name: 'revoked contacts',
    sql: `
      -- Set when a contact's access is revoked; cleared when staff invite them again. While set, nothing gives them a
      -- way back in: no missed-message e-mail (with its fresh code), no "send me a new link".
      alter table contacts add column access_revoked_at timestamptz;
    `,
  },
  {
    id: 11,
    name: 'invitation log',
    sql: `
      -- Who invited whom, for admins: a staff member's e-mail (null: the command-line tool). A contact's own request
      -- for a new link is not an invitation and is not here. Erasing the contact erases their rows.
      create table invitations (
        id bigint generated always as identity primary key,
        contact_id text not null references contacts (id) on delete cascade,
        chat_box_id text references chat_boxes (id) on delete cascade,
        invited_by text,
        emailed boolean not null,
        created_at timestamptz not null default now()
      );
      create index invitations_recent on invitations (created_at desc, id desc);
      create index invitations_contact on invitations (contact_id);
    `,
  },
  {
    id: 12,
    name: 'chat box opened event',
    sql: `
      -- A new chat box's event (chat/events.ts, appendOpened): at seq 0, before the chat box's own, so staff lists
      -- hear of it at once (an invitation from a colleague, from the command-line tool).
      alter table chat_events drop constraint chat_events_type_check;
      alter table chat_events add constraint chat_events_type_check
        check (type in ('message', 'read', 'status', 'assignment', 'opened'));
    `,
  },
  {
    id: 13,
    name: 'waiting for us',
    sql: `
      -- When the contact last wrote, and whether the conversation waits for us (its last message, notes aside, is
      -- the contact's): kept by foyer_store_messages as it stores each message, for the inbox's "waiting for us"
      -- filter and count and its "waiting longest" order.
      alter table chat_boxes add column contact_wrote_at timestamptz, add column waiting boolean not null default false;
      update chat_boxes b set
        contact_wrote_at = (select max(m.created_at) from messages m
          where m.chat_box_id = b.id and m.sender_kind = 'contact' and not m.internal),
        waiting = coalesce((select m.sender_kind = 'contact' from messages m
          where m.chat_box_id = b.id and not m.internal order by m.id desc limit 1), false);
      create index chat_boxes_waiting on chat_boxes (contact_wrote_at, id) where waiting and status = 'open';

      create or replace function foyer_store_messages(entries jsonb)
      returns table (i integer, id bigint, created_at timestamptz, "position" bigint, seq bigint, status text, outcome text)
      language plpgsql as $fn$
      declare
        e record;
        v_seq bigint;
        v_status text;
      begin
        for e in select * from jsonb_to_recordset(entries)
          as x(i integer, chat_box_id text, client_id uuid, sender_kind text, sender_id text, body text, internal boolean, search_text text)
        loop
          i := e.i;
          begin
            update chat_boxes b set event_seq = b.event_seq + 1, last_message_at = now(), last_activity_at = now(),
                contact_wrote_at = case when e.sender_kind = 'contact' and not coalesce(e.internal, false) then now() else b.contact_wrote_at end,
                waiting = case when coalesce(e.internal, false) then b.waiting else e.sender_kind = 'contact' end
              where b.id = e.chat_box_id returning b.event_seq, b.status into v_seq, v_status;
            if not found then
              id := null; created_at := null; "position" := null; seq := null; status := null; outcome := 'missing';
              return next;
              continue;
            end if;
            update chat_event_positions set last = last + 1 returning last into "position";
            insert into messages as m (chat_box_id, client_id, sender_kind, sender_id, body, internal, search_text)
              values (e.chat_box_id, e.client_id, e.sender_kind, e.sender_id, e.body, e.internal, e.search_text)
              returning m.id, m.created_at into id, created_at;
            insert into chat_events (position, chat_box_id, seq, type, message_id)
              values ("position", e.chat_box_id, v_seq, 'message', id);
            seq := v_seq; status := v_status; outcome := 'stored';
          exception when unique_violation then
            id := null; created_at := null; "position" := null; seq := null; status := null; outcome := 'duplicate';
          end;
          return next;
        end loop;
      end
      $fn$;
    `,
  },
  {
    id: 14,
    name: 'triage: tags, priority, snooze',
    sql: `
      -- The organisation's tags (admins keep the list) and the conversations they are on.
      create table tags (
        id bigint generated always as identity primary key,
        name text not null,
        created_at timestamptz not null default now()
      );
      create unique index tags_name on tags (lower(name));
      create table chat_box_tags (
        chat_box_id text not null references chat_boxes (id) on delete cascade,
        tag_id bigint not null references tags (id) on delete cascade,
        primary key (chat_box_id, tag_id)
      );
      create index chat_box_tags_tag on chat_box_tags (tag_id, chat_box_id);
      -- Priority (none: null); snoozed until a time (chat/triage.ts wakes it when the time comes, or the contact writes).
      alter table chat_boxes
        add column priority text check (priority in ('low', 'medium', 'high', 'urgent')),
        add column snoozed_until timestamptz;
      create index chat_boxes_snoozed on chat_boxes (snoozed_until) where snoozed_until is not null;
      alter table chat_events drop constraint chat_events_type_check;
      alter table chat_events add constraint chat_events_type_check
        check (type in ('message', 'read', 'status', 'assignment', 'opened', 'snooze', 'tags', 'priority'));
    `,
  },
  {
    id: 15,
    name: 'who answers contacts',
    sql: `
      -- A staff member's latest message to a contact (staff/team.ts: the staff a contact is shown before anyone wrote
      -- to them are those who answer contacts).
      create index messages_by_staff on messages (sender_id, id desc) where sender_kind = 'staff' and not internal;
    `,
  },
  {
    id: 16,
    name: 'searches nobody followed',
    sql: `
      -- Beside the searches that found nothing (count), those that found articles of which the reader opened none:
      -- together, the searches that found nothing useful (helpCentre/feedback.ts).
      alter table search_misses add column unopened integer not null default 0;
    `,
  },
  {
    id: 17,
    name: 'saved replies',
    sql: `
      -- Answers staff keep (staff/savedReplies.ts): a short name, a text per language ({ "en": "…", "ar": "…" }),
      -- and how many times staff used one.
      create table saved_replies (
        id bigserial primary key,
        name text not null,
        texts jsonb not null,
        uses integer not null default 0,
        created_at timestamptz not null default now()
      );
      create unique index saved_replies_name on saved_replies (lower(name));
    `,
  },
  {
    id: 18,
    name: 'organisation settings',
    sql: `
      -- The organisation's settings admins change on the staff page (staff/settings.ts): one row, the settings as
      -- JSON, read with the defaults beneath (a setting added later needs no migration).
      create table organization_settings (
        id boolean primary key default true check (id),
        settings jsonb not null default '{}'::jsonb,
        updated_at timestamptz not null default now()
      );
    `,
  },
  {
    id: 19,
    name: 'ratings',
    sql: `
      -- "How was your conversation?" (chat/ratings.ts): asked when staff resolve a conversation, of its latest
      -- resolution only; answered in the conversation or from the e-mail (mailed_at: that e-mail was written).
      -- staff_id: whom it rates (the assignee then, else who resolved it), for the report.
      create table ratings (
        id bigserial primary key,
        chat_box_id text not null references chat_boxes (id) on delete cascade,
        staff_id bigint references organization_users (id) on delete set null,
        asked_at timestamptz not null default now(),
        score smallint check (score between 1 and 5),
        comment text,
        rated_at timestamptz,
        mailed_at timestamptz
      );
      create index ratings_chat_box on ratings (chat_box_id, id desc);
      create index ratings_rated on ratings (rated_at) where rated_at is not null;
      create index ratings_unanswered on ratings (asked_at) where score is null and mailed_at is null;
      alter table chat_events drop constraint chat_events_type_check;
      alter table chat_events add constraint chat_events_type_check
        check (type in ('message', 'read', 'status', 'assignment', 'opened', 'snooze', 'tags', 'priority', 'rating'));
    `,
  },
  {
    id: 20,
    name: 'staff alerts',
    sql: `
      -- A staff member's alerts for new messages (staff/alerts.ts): a sound or not, and the conversations they muted.
      alter table organization_users add column alert_sound boolean not null default false;
      create table staff_mutes (
        staff_id bigint not null references organization_users (id) on delete cascade,
        chat_box_id text not null references chat_boxes (id) on delete cascade,
        primary key (staff_id, chat_box_id)
      );
    `,
  },
  {
    id: 21,
    name: 'away messages',
    sql: `
      -- The automatic answer to a contact who writes while the team is away (chat/away.ts), as an event of the
      -- conversation both sides see: data holds when the team is next in.
      alter table chat_events drop constraint chat_events_type_check;
      alter table chat_events add constraint chat_events_type_check
        check (type in ('message', 'read', 'status', 'assignment', 'opened', 'snooze', 'tags', 'priority', 'rating', 'away'));
    `,
  },
  {
    id: 22,
    name: 'files in conversations',
    sql: `
      -- A conversation's files (chat/files/): a record each, its bytes in parts beside it (files/databaseBytes.ts),
      -- a picture's re-encoded copies as further variants. Until complete, every part is not yet written and nobody
      -- reads it; a scan removes one an ended process left behind, and one no message took within a day (attached).
      -- The same content sent twice by one side of a chat box is one file (sha256).
      create table chat_files (
        id text primary key,
        chat_box_id text not null references chat_boxes (id) on delete cascade,
        uploader_kind text not null check (uploader_kind in ('contact', 'staff')),
        uploader_id text not null,
        name text not null,
        type text not null default '',
        size bigint not null default 0,
        sha256 text,
        width integer,
        height integer,
        complete boolean not null default false,
        attached boolean not null default false,
        created_at timestamptz not null default now()
      );
      create unique index chat_files_content on chat_files (chat_box_id, uploader_kind, sha256) where complete;
      create index chat_files_unattached on chat_files (created_at) where not attached;
      create table chat_file_parts (
        file_id text not null references chat_files (id) on delete cascade,
        variant text not null check (variant in ('original', 'display', 'thumb')),
        seq integer not null,
        data bytea not null,
        primary key (file_id, variant, seq)
      );
      -- A message's files as it shows them ([{ id, name, type, size, width, height, caption }]); null: none.
      alter table messages add column files jsonb;

      create or replace function foyer_store_messages(entries jsonb)
      returns table (i integer, id bigint, created_at timestamptz, "position" bigint, seq bigint, status text, outcome text)
      language plpgsql as $fn$
      declare
        e record;
        v_seq bigint;
        v_status text;
      begin
        for e in select * from jsonb_to_recordset(entries)
          as x(i integer, chat_box_id text, client_id uuid, sender_kind text, sender_id text, body text, internal boolean, search_text text, files jsonb)
        loop
          i := e.i;
          begin
            update chat_boxes b set event_seq = b.event_seq + 1, last_message_at = now(), last_activity_at = now(),
                contact_wrote_at = case when e.sender_kind = 'contact' and not coalesce(e.internal, false) then now() else b.contact_wrote_at end,
                waiting = case when coalesce(e.internal, false) then b.waiting else e.sender_kind = 'contact' end
              where b.id = e.chat_box_id returning b.event_seq, b.status into v_seq, v_status;
            if not found then
              id := null; created_at := null; "position" := null; seq := null; status := null; outcome := 'missing';
              return next;
              continue;
            end if;
            update chat_event_positions set last = last + 1 returning last into "position";
            insert into messages as m (chat_box_id, client_id, sender_kind, sender_id, body, internal, search_text, files)
              values (e.chat_box_id, e.client_id, e.sender_kind, e.sender_id, e.body, e.internal, e.search_text, e.files)
              returning m.id, m.created_at into id, created_at;
            if e.files is not null then
              update chat_files f set attached = true
                where f.chat_box_id = e.chat_box_id and f.id in (select x->>'id' from jsonb_array_elements(e.files) x);
            end if;
            insert into chat_events (position, chat_box_id, seq, type, message_id)
              values ("position", e.chat_box_id, v_seq, 'message', id);
            seq := v_seq; status := v_status; outcome := 'stored';
          exception when unique_violation then
            id := null; created_at := null; "position" := null; seq := null; status := null; outcome := 'duplicate';
          end;
          return next;
        end loop;
      end
      $fn$;
    `,
  },
  {
    id: 23,
    name: 'conversations visitors start',
    sql: `
      -- A conversation a visitor asked to start (contacts/chatStarts.ts): who and what, until the code e-mailed to the
      -- address is entered; then the contact (found or made) and the chat box it opened. The code only as a keyed hash.
      create table chat_starts (
        id text primary key,
        email text not null,
        name text not null,
        lang text not null,
        body text not null,
        client_id uuid not null,
        code_hash text not null,
        wrong_tries integer not null default 0,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz,
        contact_id text references contacts (id) on delete cascade,
        chat_box_id text references chat_boxes (id) on delete cascade
      );
      create index chat_starts_email on chat_starts (lower(email));
      -- Addresses (lower case) and whole domains admins blocked: a start for them sends nothing and opens nothing.
      create table blocked_addresses (
        entry text primary key,
        blocked_by text,
        created_at timestamptz not null default now()
      );
    `,
  },
  {
    id: 24,
    name: 'articles read before a conversation',
    sql: `
      -- The help-centre articles a visitor opened in the widget before starting a conversation (contacts/chatStarts.ts),
      -- kept with the start and, once its code opens the chat box, an event staff's history shows.
      alter table chat_starts add column articles jsonb not null default '[]';
      alter table chat_events drop constraint chat_events_type_check;
      alter table chat_events add constraint chat_events_type_check
        check (type in ('message', 'read', 'status', 'assignment', 'opened', 'snooze', 'tags', 'priority', 'rating', 'away', 'articles'));
    `,
  },
];
