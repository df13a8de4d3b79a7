/**
 * Server side of the invisible bot check (reCAPTCHA v3): asks the verification service about the browser's
 * token and wants the right action and a high enough score. Without a secret (development) it is skipped.
 */
import type { Config } from '../config.ts';
import { ApiError } from '../errors.ts';

interface Verdict {
  success: boolean;
  score?: number;
  action?: string;
  hostname?: string;
  'error-codes'?: string[];
}

export type BotCheck = (token: string | undefined, action: string, remoteIp: string | undefined) => Promise<void>;

export function createBotCheck(
  config: Pick<Config, 'RECAPTCHA_SECRET' | 'RECAPTCHA_MIN_SCORE' | 'RECAPTCHA_VERIFY_URL' | 'SITE_URL'>,
): BotCheck {
  const secret = config.RECAPTCHA_SECRET;
  if (!secret) return async () => {};
  const siteHost = new URL(config.SITE_URL).hostname;
  const refused = () => new ApiError(403, 'bot_check_failed', 'The bot check did not pass. Please try again.');
  return async (token, action, remoteIp) => {
    if (!token) throw refused();
    let verdict: Verdict;
    try {
      const response = await fetch(config.RECAPTCHA_VERIFY_URL, {
        method: 'POST',
        body: new URLSearchParams({ secret, response: token, ...(remoteIp && { remoteip: remoteIp }) }),
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      verdict = (await response.json()) as Verdict;
    } catch {
      throw new ApiError(503, 'bot_check_unavailable', 'The bot check could not be reached. Please try again in a moment.');
    }
    if (!verdict.success || verdict.action !== action || (verdict.score ?? 0) < config.RECAPTCHA_MIN_SCORE) throw refused();
    // A token solved on another site (someone else's key pair) is not ours, however good its score.
    if (verdict.hostname !== undefined && verdict.hostname !== siteHost) throw refused();
  };
}
