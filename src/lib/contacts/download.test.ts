import { describe, expect, it } from 'vitest';
import { exportFileName } from './download.ts';

describe('exportFileName', () => {
  it('names the export after the contact', () => {
    expect(exportFileName('ct_0123456789abcdefghjk')).toBe('contact-ct_0123456789abcdefghjk.json');
  });
});
