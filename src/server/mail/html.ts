/** The HTML part of Foyer's e-mails: escaped text (a name or a message never becomes markup or a link) in one frame. */
import { intlLocale, textDirection, type Lang } from '../../lib/i18n/languages.ts';

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => entities[character]!);
}

/** When a link or code stops working: the reader's time zone is unknown to the server, so the time says its own. */
export function expiryTime(lang: Lang, at: Date): string {
  return `${new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at)} (UTC)`;
}

/** A button-like link (inline styles: mail clients drop style sheets). */
export function mailButton(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="display: inline-block; padding: 0.6rem 1rem; background: #2d5bd7; color: #ffffff; border-radius: 0.4rem; text-decoration: none;">${escapeHtml(label)}</a>`;
}

/** A whole HTML e-mail: `body` and `footer` are markup made with escapeHtml; the direction follows the language. */
export function mailDocument({ lang, subject, body, footer }: { lang: Lang; subject: string; body: string; footer: string }): string {
  return `<!doctype html>
<html lang="${lang}" dir="${textDirection(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a; max-width: 36rem; margin: 0 auto; padding: 1rem;">
${body}
<hr style="border: 0; border-top: 1px solid #ddd;">
<div style="font-size: 14px; color: #555;">${footer}</div>
</body></html>
`;
}
