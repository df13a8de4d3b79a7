/**
 * A conversation any visitor can start, where the organisation allows it: the name, address and first message wait
 * in `chat_starts` while a one-time code goes to the address (the outbox, the code rules of oneTimeCodes.ts); the
 * right code opens a new chat box of the address's contact (found, or made) with that message in it, once. Until then
 * nothing is created, and the answer to a start is the same whether the address is known, unknown, blocked or its
 * contact revoked (the last two get no e-mail).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  chatStartLimits,
  type ChatStartAnswer,
  type ChatStartBody,
  type ChatStartVerifyAnswer,
  type ChatStartVerifyBody,
} from '../../lib/api/chatStart.ts';
import { contactSessionParams } from '../../lib/api/constants.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import { appendEvent, appendOpened, type StoredEvent } from '../chat/events.ts';
import type { ArticleIndex } from '../helpCentre/articles.ts';
import { storeMessageEvent } from '../chat/messages.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../errors.ts';
import { rateLimitGroup } from '../http/clientAddress.ts';
import { newChatStartId } from '../ids.ts';
import { chatStartMail } from '../mail/chatStartMail.ts';
import { countTowardsLimit } from '../rateLimit.ts';
import type { Services } from '../services.ts';
import { recentSettings } from '../staff/settings.ts';
import { isBlocked } from './blockedAddresses.ts';
import { maxWrongTries, newCode } from './oneTimeCodes.ts';
import { createChatBox, ensureContact } from './records.ts';
import { notAccepted } from './sessionFromCode.ts';
import { issueSessionToken } from './sessionTokens.ts';

/** A verify whose answer was lost may be sent again with the same code for this long, and gets the same chat box. */
const retryWindowMs = 10 * 60 * 1000;

const publicChatOff = () =>
  new ApiError(403, 'public_chat_off', 'New conversations cannot be started here; use the link or code you were sent.');

/** Whether visitors may start conversations: the admins' choice, else PUBLIC_CHAT; never without e-mail. */
export async function publicChatAvailable({ db, config, mail }: Pick<Services, 'db' | 'config' | 'mail'>): Promise<boolean> {
  if (!mail) return false;
  const { publicChat } = await recentSettings(db);
  return (publicChat ?? config.PUBLIC_CHAT) === 'email';
}

function hashStartCode(key: Buffer, startId: string, code: string): string {
  return createHmac('sha256', key).update(`start\n${startId}\n${code}`).digest('base64url');
}

function sameHash(stored: string, wanted: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(wanted);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function chatStartLink(siteUrl: string, lang: string, startId: string, code: string): string {
  const url = new URL(`/${lang}/chat`, siteUrl);
  url.searchParams.set(contactSessionParams.start, startId);
  url.searchParams.set(contactSessionParams.otp, code);
  return url.href;
}

/** No conversation opens for this address: an admin blocked it (or its domain), or staff revoked its contact. */
async function closedTo(tx: Queryable, email: string): Promise<boolean> {
  if (await isBlocked(tx, email)) return true;
  const [contact] = await tx.query(`select 1 from contacts where lower(email) = lower($1) and access_revoked_at is not null`, [email]);
  return contact !== undefined;
}

/**
 * Takes a start and e-mails its code. Limited per client address and per e-mail address before anything is looked
 * up, so neither a count nor a refusal says whether the address is known.
 */
export async function requestChatStart(services: Services, body: ChatStartBody, clientAddress: string): Promise<ChatStartAnswer> {
  const { db, keys, config, mail, botCheck } = services;
  if (!mail || !(await publicChatAvailable(services))) throw publicChatOff();
  await countTowardsLimit(db, `chatStart:${rateLimitGroup(clientAddress)}`, chatStartLimits.perClient);
  await countTowardsLimit(db, `chatStart:${body.email.trim().toLowerCase()}`, chatStartLimits.perAddress);
  await botCheck(body.token, 'chat_start', clientAddress);
  const startId = newChatStartId();
  const code = newCode();
  const expiresAt = new Date(Date.now() + config.OTP_TTL_DAYS * 86_400_000);
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into chat_starts (id, email, name, lang, body, client_id, code_hash, expires_at, articles)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        startId,
        body.email.trim(),
        body.name,
        body.lang,
        body.text,
        body.clientId,
        hashStartCode(keys.oneTimeCodes, startId, code),
        expiresAt,
        JSON.stringify([...new Set(body.articles ?? [])]),
      ],
    );
    if (await closedTo(tx, body.email)) return;
    const link = chatStartLink(config.SITE_URL, body.lang, startId, code);
    await mail.enqueue(
      tx,
      chatStartMail({ idempotencyKey: `chatStart:${startId}`, to: body.email.trim(), lang: body.lang, code, link, expiresAt }),
    );
  });
  mail.poke();
  return { startId, expiresAt: expiresAt.toISOString() };
}

interface StartRow {
  email: string;
  name: string;
  lang: string;
  body: string;
  client_id: string;
  /** `{category}/{slug}` of the articles read before writing. */
  articles: string[];
  code_hash: string;
  wrong_tries: number;
  expired: boolean;
  used_at: Date | null;
  contact_id: string | null;
  chat_box_id: string | null;
}

type Opened = { contactId: string; chatBoxId: string; version: number; events: StoredEvent[] } | undefined;

/**
 * The right code for a live start opens its conversation: the contact (one per address: a known address joins its
 * contact), a new chat box, the first message in it, all in one transaction. Every failure answers alike; a wrong
 * code counts against the start, which dies after 5.
 */
export async function verifyChatStart(
  services: Services,
  body: ChatStartVerifyBody,
  clientAddress: string,
): Promise<ChatStartVerifyAnswer> {
  const { db, config, keys, chat, botCheck } = services;
  await countTowardsLimit(db, `verify:${rateLimitGroup(clientAddress)}`, {
    max: config.VERIFY_RATE_LIMIT,
    windowSeconds: config.VERIFY_RATE_WINDOW_SECONDS,
  });
  await botCheck(body.token, 'login', clientAddress);
  if (!(await publicChatAvailable(services))) throw publicChatOff();
  const wanted = hashStartCode(keys.oneTimeCodes, body.startId, body.otp);
  // The articles' titles, for the history line of those read before writing (none without a built help centre).
  const index: ArticleIndex = await services.articles().catch(() => ({}));
  const opened: Opened = await db.transaction(async (tx): Promise<Opened> => {
    const [start] = await tx.query<StartRow & Record<string, unknown>>(
      `select email, name, lang, body, client_id, articles, code_hash, wrong_tries, expires_at <= now() as expired, used_at, contact_id, chat_box_id
       from chat_starts where id = $1 for update`,
      [body.startId],
    );
    if (!start) return undefined;
    const right = sameHash(start.code_hash, wanted);
    if (start.used_at) {
      const again = right && start.contact_id && start.chat_box_id && Date.now() - start.used_at.getTime() < retryWindowMs;
      if (!again) return undefined;
      const [contact] = await tx.query<{ session_version: number }>(
        `select session_version from contacts where id = $1 and access_revoked_at is null`,
        [start.contact_id],
      );
      return contact && { contactId: start.contact_id!, chatBoxId: start.chat_box_id!, version: contact.session_version, events: [] };
    }
    if (start.expired || start.wrong_tries >= maxWrongTries) return undefined;
    if (!right) {
      await tx.query(`update chat_starts set wrong_tries = wrong_tries + 1 where id = $1`, [body.startId]);
      return undefined;
    }
    const contact = await ensureContact(tx, { email: start.email, name: start.name, lang: start.lang });
    // Locked, so a revocation at the same moment comes before or after this, never in between.
    const [access] = await tx.query<{ revoked: boolean; session_version: number }>(
      `select access_revoked_at is not null as revoked, session_version from contacts where id = $1 for update`,
      [contact.id],
    );
    if (!access || access.revoked || (await isBlocked(tx, start.email))) {
      await tx.query(`update chat_starts set used_at = now() where id = $1`, [body.startId]);
      return undefined;
    }
    const chatBoxId = await createChatBox(tx, contact.id);
    const openedEvent = await appendOpened(tx, chatBoxId);
    await chat.announce(tx, openedEvent);
    // What the visitor read first, for staff: only articles the help centre has, by their titles in its language.
    const titles = index[start.lang as Lang] ?? {};
    const read = start.articles.flatMap((article) => (titles[article] ? [{ article, title: titles[article] }] : []));
    const articles = read.length ? [await appendEvent(tx, chatBoxId, { type: 'articles', articles: read, by: null })] : [];
    for (const event of articles) await chat.announce(tx, event);
    const { status: _, ...message } = await storeMessageEvent(tx, chatBoxId, {
      sender: { kind: 'contact', id: contact.id },
      clientId: start.client_id,
      text: start.body,
    });
    await chat.announce(tx, message);
    await tx.query(`update chat_starts set used_at = now(), contact_id = $2, chat_box_id = $3 where id = $1`, [
      body.startId,
      contact.id,
      chatBoxId,
    ]);
    return { contactId: contact.id, chatBoxId, version: access.session_version, events: [openedEvent, ...articles, message] };
  });
  if (!opened) throw notAccepted();
  for (const event of opened.events) chat.publish(event);
  const { contactId, chatBoxId, version } = opened;
  const grant = { contactId, scope: chatBoxId, authTime: new Date(), version };
  return { data: await issueSessionToken(keys.sessionTokens, grant, config.SESSION_MAX_HOURS), chatBoxId, contactId };
}
