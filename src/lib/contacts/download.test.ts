import { describe, expect, it } from 'vitest';
import { exportFileName } from './download.ts';

describe('exportFileName', () => {
  it('names the export after the contact, and the team’s copy says it holds internal notes', () => {
    expect(exportFileName('ct_0123456789abcdefghjk', 'contact')).toBe('contact-ct_0123456789abcdefghjk.json');
    expect(exportFileName('ct_0123456789abcdefghjk', 'team')).toBe('contact-ct_0123456789abcdefghjk-with-internal-notes.json');
  });
});
