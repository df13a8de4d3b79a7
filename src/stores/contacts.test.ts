import { afterEach, describe, expect, it } from 'vitest';
import { $contacts, forgetContacts, rememberContact } from './contacts.ts';

afterEach(() => forgetContacts());

describe('contacts', () => {
  it('are remembered per session key and forgotten all at once', () => {
    const ana = { id: 'ct_1', email: 'ana@example.com', name: 'Ana', lang: 'en' };
    rememberContact('cb_1', ana);
    rememberContact('page', ana);
    expect($contacts.get()).toEqual({ cb_1: ana, page: ana });
    forgetContacts();
    expect($contacts.get()).toEqual({});
  });
});
