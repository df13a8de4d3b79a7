import { describe, expect, it } from 'vitest';
import { isBot } from './bots.ts';

describe('isBot (seed pattern: bot, chrome-lighthouse, facebookexternalhit, google)', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0)',
    'Mozilla/5.0 ... Chrome-Lighthouse',
    'facebookexternalhit/1.1',
    'Google-InspectionTool/1.0',
    'Mozilla/5.0 (compatible; YandexBot/3.0)',
  ])('recognises %s', (ua) => expect(isBot(ua)).toBe(true));

  it.each(['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36', '', null, undefined])(
    'lets people through: %s',
    (ua) => expect(isBot(ua)).toBe(false),
  );
});
