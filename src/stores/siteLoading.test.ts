import { describe, expect, it } from 'vitest';
import { $siteLoading } from './siteLoading.ts';

describe('site loading', () => {
  it('is off until a client-side navigation starts loading the next page', () => {
    expect($siteLoading.get()).toBe(false);
    $siteLoading.set(true);
    expect($siteLoading.get()).toBe(true);
    $siteLoading.set(false);
  });
});
