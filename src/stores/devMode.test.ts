// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { $devMode, initDevMode } from './devMode.ts';

describe('developer mode', () => {
  it('is on only when the configured cookie holds the configured value', () => {
    initDevMode({ key: 'foyer_dev', value: 'yes-please' });
    expect($devMode.get()).toBe(false);
    document.cookie = 'foyer_dev=nope';
    initDevMode({ key: 'foyer_dev', value: 'yes-please' });
    expect($devMode.get()).toBe(false);
    document.cookie = 'foyer_dev=yes-please';
    initDevMode({ key: 'foyer_dev', value: 'yes-please' });
    expect($devMode.get()).toBe(true);
    initDevMode(undefined);
    expect($devMode.get()).toBe(false);
  });
});
