/**
 * The browser side of the bot check: reCAPTCHA v3, loaded only in production and only when a page asks for a
 * token. In development it returns an empty token and loads nothing. Its badge is hidden
 * (styles/areas/contactSession.css); forms that use it show Google's attribution text instead.
 */

export interface BotCheckSettings {
  siteKey: string | undefined;
  production: boolean;
}

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

let settings: BotCheckSettings = { siteKey: undefined, production: false };
let loading: Promise<Grecaptcha> | undefined;

/** Runtime settings from the page (the server's RECAPTCHA_SITE_KEY and NODE_ENV). */
export function configureBotCheck(next: BotCheckSettings): void {
  settings = next;
}

export function botCheckActive(): boolean {
  return settings.production && !!settings.siteKey;
}

function load(siteKey: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onerror = () => {
      loading = undefined;
      reject(new Error('The bot check could not be loaded.'));
    };
    script.onload = () => {
      const grecaptcha = (window as Window & { grecaptcha?: Grecaptcha }).grecaptcha;
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
      else reject(new Error('The bot check did not start.'));
    };
    document.head.append(script);
  });
  return loading;
}

/** A token for a named action (verify and extend use `login`), once the service is ready; '' in development. */
export async function botToken(action: string): Promise<string> {
  if (!botCheckActive()) return '';
  const siteKey = settings.siteKey!;
  const grecaptcha = await load(siteKey);
  return grecaptcha.execute(siteKey, { action });
}
