/**
 * The numbers and names both sides agree on, without the schemas: the browser imports these (and types) and so
 * never loads zod; the schema modules (chat.ts, contactSessions.ts, ids.ts) re-export them.
 */

/** A session token's lifetime (seed: the session cookie lasts one hour). */
export const sessionTokenSeconds = 3600;

/** Invitation links carry the contact-session parameters under this prefix: `cs_contactId`, `cs_otp`. */
export const contactSessionPrefix = 'cs_';
export const contactSessionParams = {
  contactId: `${contactSessionPrefix}contactId`,
  otp: `${contactSessionPrefix}otp`,
  /** A conversation a visitor started (api/chatStart.ts): its code is for this start, not yet for a contact. */
  start: `${contactSessionPrefix}start`,
} as const;

/** The contact's page session: the chat box id `page` stands for all of the contact's chat boxes. */
export const pageScope = 'page';

/** A kind prefix and 20 base-32 characters (100 bits), so the format itself can be checked. */
export const idPatterns = {
  contact: /^ct_[0-9a-hjkmnp-tv-z]{20}$/,
  chatBox: /^cb_[0-9a-hjkmnp-tv-z]{20}$/,
  chatStart: /^st_[0-9a-hjkmnp-tv-z]{20}$/,
};

/**
 * A conversation any visitor can start (chatStart.ts): codes e-mailed per client address and per e-mail address in an
 * hour (429 past either), and never more than `perAddress` e-mails an hour to one address, known or not.
 */
/** How many of the language's most helpful articles the chat box's home shows. */
export const chatHomeArticles = 5;
export const publicChatModes = ['off', 'email'] as const;
export type PublicChatMode = (typeof publicChatModes)[number];
export const chatStartLimits = {
  perClient: { max: 10, windowSeconds: 3600 },
  perAddress: { max: 5, windowSeconds: 3600 },
};
/** Articles a start may name as read before writing (the widget keeps the last ones opened). */
export const chatStartArticlesMax = 5;

/** A message's text, after trimming, in characters (code points). */
export const messageTextMax = 4000;
export const characterCount = (text: string) => [...text].length;
/** Text PostgreSQL can store and a browser can show: well-formed UTF-16, no NUL. */
export const isStorableText = (text: string) => text.isWellFormed() && !text.includes('\u0000');
/**
 * Characters that reorder the text around them (embeddings, overrides, isolates, marks): a name
 * `…\u202Egnp.exe` shows as `…exe.png`. Names lose them; a name is shown isolated instead (lib/format.ts).
 */
const bidiControls = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
export const withoutBidiControls = (text: string) => text.replace(bidiControls, '');
/**
 * Whether text has something to see: a message of only spaces, zero-width and other format characters, or blank
 * letters (the Hangul fillers, the blank Braille pattern) looks empty and is refused.
 */
export const hasVisibleCharacter = (text: string) => /[^\p{White_Space}\p{Cc}\p{Cf}\u115f\u1160\u3164\uffa0\u2800]/u.test(text);
/** At most this many messages in one page of the list. */
export const messagesPageMax = 100;
export const messagesPageDefault = 50;
/** A typing signal shows for 6 s unless renewed; a sender may signal at most once every 2 s. */
export const typingShowsMs = 6000;
export const typingEveryMs = 2000;
/** The stream sends a comment this often, so proxies and the browser know it is alive. */
export const heartbeatMs = 25_000;
/** Error codes that mean the caller's sign-in or session is over (401s): sign in, or enter a code, again. */
export const signedOutCodes: readonly string[] = ['invalid_token', 'token_expired', 'session_ended', 'unauthorized'];
/** Sends per sender: 20 in 10 s, then 429 with Retry-After (the defaults of SEND_RATE_LIMIT and SEND_RATE_WINDOW_SECONDS). */
export const sendLimit = { max: 20, windowSeconds: 10 };
/** How many of the staff who answer a contact sees beside the organisation's name. */
export const teamSize = 3;
/** A conversation's priority, lowest first (none: null). */
export const chatPriorities = ['low', 'medium', 'high', 'urgent'] as const;
export type ChatPriority = (typeof chatPriorities)[number];
/** A tag's name, at most this many characters; at most this many tags in the organisation's list. */
export const tagNameMax = 40;
export const tagsMax = 200;
/** A saved reply's short name, at most this many characters; at most this many saved replies in the organisation. */
export const savedReplyNameMax = 60;
export const savedRepliesMax = 500;
/** A rating's comment ("How was your conversation?"), at most this many characters. */
export const ratingCommentMax = 500;

/** The only lines of a conversation's history a contact sees (the rest is staff's): the automatic away answers. */
export const contactHistoryTypes: readonly string[] = ['away'];

/** Office hours: openings on one day, holidays kept, the longest reply time (a week, in minutes). */
export const officeHoursLimits = { openingsPerDay: 4, holidays: 200, replyWithinMinutes: 7 * 24 * 60 };
/** One bulk action covers at most this many conversations. */
export const bulkMax = 100;
/** The staff inbox's search text, at most this many characters. */
export const inboxQueryMax = 200;

/** Files in a conversation: at most 10 a message; a name and a caption at most this many characters. */
export const attachmentLimits = { filesPerMessage: 10, nameMax: 255, captionMax: 500 };
/** Uploads per sender: 60 in 10 minutes, then 429 with Retry-After. */
export const uploadLimit = { max: 60, windowSeconds: 600 };
/** A file's id: `fl_` and 20 base-32 characters, like the other ids (idPatterns). */
export const fileIdPattern = /^fl_[0-9a-hjkmnp-tv-z]{20}$/;
/**
 * The copies of a file a download may ask for: a picture's thumbnail and display size (re-encoded by the server,
 * without metadata), and the original as sent.
 */
export const fileVariants = ['thumb', 'display', 'original'] as const;
export type FileVariant = (typeof fileVariants)[number];

/** A contact's data export is the copy to hand to them (no internal notes), or the team's. */
export const exportAudiences = ['contact', 'team'] as const;
export type ExportAudience = (typeof exportAudiences)[number];

/** A contact's data export, as a zip: the team's copy says so in its name, so it is not handed over by mistake. */
export const exportFileName = (contactId: string, audience: ExportAudience) =>
  audience === 'team' ? `contact-${contactId}-with-internal-notes.zip` : `contact-${contactId}.zip`;
