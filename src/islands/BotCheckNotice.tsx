/** Google's required reCAPTCHA attribution, shown next to forms because the badge is hidden. */
import type { Translate } from '../lib/i18n/translate.ts';

const links = {
  '\u0000': { href: 'https://policies.google.com/privacy', key: 'botCheck.privacy' },
  '\u0001': { href: 'https://policies.google.com/terms', key: 'botCheck.terms' },
} as const;

export default function BotCheckNotice({ t }: { t: Translate }) {
  // Translations may name the two links in either order; each marker becomes its link.
  const parts = t('botCheck.notice', { privacy: '\u0000', terms: '\u0001' }).split(/([\u0000\u0001])/);
  return (
    <p className="muted bot-notice">
      {parts.map((part, index) => {
        const link = links[part as keyof typeof links];
        return link ? (
          <a key={index} href={link.href} rel="noopener noreferrer" target="_blank">
            {t(link.key)}
          </a>
        ) : (
          part
        );
      })}
    </p>
  );
}
