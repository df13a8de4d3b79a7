/**
 * Saved replies in the composer (staff only: it loads with the staff tools): which language's text a contact gets,
 * the placeholders filled in, and which replies match what follows the "/" typed.
 */
import type { SavedReply } from '../api/savedReplies.ts';
import type { Lang } from '../i18n/languages.ts';

export interface ReplyValues {
  /** Empty when the contact gave no name: the placeholder then goes with the space before it ("Hi {{…}}," → "Hi,"). */
  contactName: string;
  staffName: string;
  /** The contact's way back to this conversation. */
  chatBoxLink: string;
}

/** The contact's language when the reply has it, else the staff member's, else English, else any. */
export function replyLanguage(reply: Pick<SavedReply, 'texts'>, contactLang: Lang | undefined, staffLang: Lang): Lang {
  const given = Object.keys(reply.texts) as Lang[];
  return [contactLang, staffLang, 'en' as const].find((lang) => lang && reply.texts[lang]) ?? given[0]!;
}

const placeholder = (name: string) => new RegExp(`\\{\\{\\s*${name.replace('.', '\\.')}\\s*\\}\\}`, 'g');

/** Fills `{{contact.name}}`, `{{staff.name}}` and `{{chatBox.link}}`; anything else in braces stays as written. */
export function fillReply(text: string, values: ReplyValues): string {
  const withName = values.contactName
    ? text.replace(placeholder('contact.name'), () => values.contactName)
    : text.replace(new RegExp(`[^\\S\\n]?${placeholder('contact.name').source}`, 'g'), '');
  return withName.replace(placeholder('staff.name'), () => values.staffName).replace(placeholder('chatBox.link'), () => values.chatBoxLink);
}

const fold = (text: string, locale: string) => text.normalize('NFKC').toLocaleLowerCase(locale);

/**
 * The replies whose name or text (any language) holds every word of the query; those whose name starts with it
 * first, then by name. An empty query lists all.
 */
export function matchReplies(replies: readonly SavedReply[], query: string, locale: string): SavedReply[] {
  const words = fold(query, locale).split(/\s+/).filter(Boolean);
  const scored = replies.flatMap((reply) => {
    const name = fold(reply.name, locale);
    const haystack = [name, ...Object.values(reply.texts).map((text) => fold(text, locale))].join('\n');
    if (!words.every((word) => haystack.includes(word))) return [];
    return [{ reply, first: words.length > 0 && name.startsWith(words.join(' ')) ? 0 : 1 }];
  });
  return scored.sort((a, b) => a.first - b.first).map((entry) => entry.reply);
}

/** The query when the composer's text is "/" and a query, on one line; otherwise the picker stays shut. */
export function pickerQuery(text: string): string | undefined {
  return /^\/[^\n]*$/.test(text) ? text.slice(1) : undefined;
}
