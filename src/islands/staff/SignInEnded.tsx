/**
 * A staff member's sign-in ended under an open page (a password change elsewhere, an account disabled, a development
 * Auth emulator started again) and a fresh token did not help: say so, with the way back to this very page. The
 * login page signs the dead session out first (`signout=1`), or it would take the browser's stale sign-in and send
 * the staff member straight back here.
 */
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';

export default function SignInEnded({ lang, t }: { lang: Lang; t: Translate }) {
  const here = `${location.pathname}${location.search}`;
  return (
    <p className="notice" role="alert">
      {t('staff.signInEnded')} <a href={`/${lang}/login?signout=1&next=${encodeURIComponent(here)}`}>{t('staff.signInAgain')}</a>
    </p>
  );
}
