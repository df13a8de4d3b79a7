import { describe, expect, it } from 'vitest';
import type { SavedReply } from '../api/savedReplies.ts';
import { fillReply, matchReplies, pickerQuery, replyLanguage } from './savedReplies.ts';

const reply = (name: string, texts: SavedReply['texts'], id = 1): SavedReply => ({ id, name, texts, uses: 0 });

describe('saved replies', () => {
  it("are in the contact's language, else the staff member's, else English, else any", () => {
    const texts = { en: 'Hello', ar: 'مرحبًا', de: 'Hallo' };
    expect(replyLanguage(reply('a', texts), 'ar', 'de')).toBe('ar');
    expect(replyLanguage(reply('a', texts), 'ja', 'de')).toBe('de');
    expect(replyLanguage(reply('a', texts), undefined, 'fr')).toBe('en');
    expect(replyLanguage(reply('a', { fi: 'Hei' }), 'ja', 'fr')).toBe('fi');
  });

  it('fill the placeholders, and drop a missing name with its space', () => {
    const values = { contactName: 'Ana $& Co', staffName: 'Lee', chatBoxLink: 'https://help.example/en/chat/cb_1' };
    expect(fillReply('Hi {{contact.name}}, {{ staff.name }} here: {{chatBox.link}} {{other}}', values)).toBe(
      'Hi Ana $& Co, Lee here: https://help.example/en/chat/cb_1 {{other}}',
    );
    expect(fillReply('Hi {{contact.name}},\n{{contact.name}}', { ...values, contactName: '' })).toBe('Hi,\n');
    expect(fillReply('مرحبًا {{contact.name}}، معك {{staff.name}}.', { ...values, contactName: 'سارة' })).toBe('مرحبًا سارة، معك Lee.');
  });

  it('match every word of the query in the name or any text, names that start with it first', () => {
    const replies = [reply('Refund policy', { en: 'Refunds take 5 days' }, 1), reply('Greeting', { en: 'Hello', de: 'Rückerstattung' }, 2)];
    const names = (query: string) => matchReplies(replies, query, 'en').map((found) => found.name);
    expect(names('')).toEqual(['Refund policy', 'Greeting']);
    expect(names('REF')).toEqual(['Refund policy']);
    expect(names('rückerstattung')).toEqual(['Greeting']);
    expect(names('hello days')).toEqual([]);
    expect(names('greet')).toEqual(['Greeting']);
  });

  it('open on a "/" at the start of a single line', () => {
    expect(pickerQuery('/')).toBe('');
    expect(pickerQuery('/ref')).toBe('ref');
    expect(pickerQuery('a /ref')).toBeUndefined();
    expect(pickerQuery('/ref\nmore')).toBeUndefined();
  });
});
