/**
 * The seed's error screen: the status message (or the generic exclamation) with the status in parentheses,
 * the sentence for 404 or for any other status with the message, and a way back to the home page. Rendered
 * by the 404 page on the server and by islands when an app error is set.
 */
import { isolate } from '../lib/format.ts';
import type { Translate } from '../lib/i18n/translate.ts';

export interface ErrorScreenProps {
  t: Translate;
  status: number;
  path: string;
  /** Already translated; without one the generic exclamation is shown. */
  statusMessage?: string | undefined;
  /** Shown under the sentence for statuses other than 404. */
  message?: string | undefined;
}

export default function ErrorScreen({ t, status, path, statusMessage, message }: ErrorScreenProps) {
  return (
    <section className="error" aria-labelledby="error-title">
      {/* One string: the heading reads "Page not found: /x (404)" as one piece of text, also in server-rendered HTML. */}
      <h1 id="error-title">{`${statusMessage || t('error.generic')} (${status})`}</h1>
      {status === 404 ? (
        <p>{t('error.notFound', { path: isolate(path) })}</p>
      ) : (
        <>
          <p>{t('error.other', { path: isolate(path) })}</p>
          {message && <p className="muted">{message}</p>}
        </>
      )}
      <a className="button" href="/" data-astro-reload>
        {t('error.backToHome')}
      </a>
    </section>
  );
}
