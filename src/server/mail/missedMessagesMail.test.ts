import { describe, expect, it } from 'vitest';
import { missedMessagesMail } from './missedMessagesMail.ts';

describe('a missed-message e-mail', () => {
  it('isolates every name in its text, and leaves the subject none that reorders it', () => {
    const spoof = 'Eve \u202egnp.exe';
    const mail = missedMessagesMail({
      idempotencyKey: 'k',
      side: 'staff',
      to: 'lee@example.com',
      lang: 'en',
      name: spoof,
      contactName: spoof,
      messages: [{ senderName: spoof, body: 'Hello', createdAt: new Date('2026-11-27T08:00:00Z') }],
      earlier: false,
      link: 'https://help.example.com/en/chat/cb_x',
      siteUrl: 'https://help.example.com',
      unsubscribeToken: 't',
    });
    expect(mail.subject).toBe('Eve gnp.exe is waiting for an answer');
    // Every name sits between an isolate (U+2068) and its end (U+2069), so what follows it is not reordered.
    expect(mail.text.split(spoof).length - 1).toBe(3);
    expect(mail.text.split(`\u2068${spoof}\u2069`).length - 1).toBe(3);
    expect(mail.html.split(`\u2068${spoof}\u2069`).length - 1).toBeGreaterThanOrEqual(3);
  });

  it('sizes its small print in pixels: SpamAssassin reads a rem size as invisible text (HTML_TEXT_INVISIBLE_FONT)', () => {
    const mail = missedMessagesMail({
      idempotencyKey: 'k',
      side: 'contact',
      to: 'ana@example.com',
      lang: 'en',
      name: 'Ana',
      messages: [{ senderName: 'Lee', body: 'Hello', createdAt: new Date('2026-11-27T08:00:00Z') }],
      earlier: false,
      link: 'https://help.example.com/en/chat/cb_x',
      expiresAt: new Date('2026-12-04T08:00:00Z'),
      siteUrl: 'https://help.example.com',
      unsubscribeToken: 't',
    });
    expect(mail.html).toMatch(/font-size: 14px/);
    expect(mail.html).not.toMatch(/font-size:\s*[\d.]+r?em/);
  });

  it('says how many files a message carried, in the reader’s language, and carries none of them', () => {
    const mail = missedMessagesMail({
      idempotencyKey: 'k',
      side: 'contact',
      to: 'ana@example.com',
      lang: 'de',
      name: 'Ana',
      messages: [
        { senderName: 'Lee', body: '', files: 2, createdAt: new Date('2026-11-27T08:00:00Z') },
        { senderName: 'Lee', body: 'Hier bitte', files: 1, createdAt: new Date('2026-11-27T08:01:00Z') },
      ],
      earlier: false,
      link: 'https://help.example.com/de/chat/cb_x',
      siteUrl: 'https://help.example.com',
      unsubscribeToken: 't',
    });
    expect(mail.text).toContain('> 2 Dateien angehängt');
    expect(mail.text).toContain('> Hier bitte\n> 1 Datei angehängt');
    expect(mail.html).toContain('2 Dateien angehängt');
    expect(mail.text + mail.html).not.toContain('/api/chat/files');
  });
});
