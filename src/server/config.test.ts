import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { loadSecret } from './secrets.ts';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('configuration', () => {
  it('runs in development with no settings at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 4321,
      FOYER_DATA_DIR: './data',
      OTP_TTL_DAYS: 7,
      SESSION_MAX_HOURS: 24,
      RECAPTCHA_MIN_SCORE: 0.5,
      FRAME_ANCESTORS: [],
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('takes a replica only beside the database it replicates', () => {
    const primary = 'postgres://foyer@db.example.com/foyer';
    const replica = 'postgres://foyer@replica.example.com/foyer';
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: replica }).DATABASE_REPLICA_URL).toBe(replica);
    expect(() => loadConfig({ DATABASE_REPLICA_URL: replica })).toThrow(/set DATABASE_URL too/);
  });

  it('takes SESSION_MAX_HOURS as a positive number of hours', () => {
    expect(loadConfig({ SESSION_MAX_HOURS: '8' }).SESSION_MAX_HOURS).toBe(8);
    expect(loadConfig({ SESSION_MAX_HOURS: '0.5' }).SESSION_MAX_HOURS).toBe(0.5);
    for (const value of ['0', '-1', 'a day']) expect(() => loadConfig({ SESSION_MAX_HOURS: value }), value).toThrow(/SESSION_MAX_HOURS/);
  });

  it('points links at the server that prints them unless SITE_URL says otherwise', () => {
    expect(loadConfig({}).SITE_URL).toBe('http://localhost:4321');
    expect(loadConfig({ PORT: '4400' }).SITE_URL).toBe('http://localhost:4400');
    expect(loadConfig({ PORT: '4400', SITE_URL: 'https://help.example.com' }).SITE_URL).toBe('https://help.example.com');
    expect(() => loadConfig({ SITE_URL: 'not a url' })).toThrow(/SITE_URL/);
  });

  const production = {
    NODE_ENV: 'production',
    SITE_URL: 'https://help.example.com',
    SESSION_SECRET: 's'.repeat(40),
    RECAPTCHA_SECRET: 'a',
    RECAPTCHA_SITE_KEY: 'b',
    FIREBASE_PROJECT_ID: 'acme-help',
    FIREBASE_API_KEY: 'key',
    FIREBASE_AUTH_DOMAIN: 'acme-help.firebaseapp.com',
    SMTP_URL: 'smtp://mail:secret@smtp.example.com:587',
    MAIL_FROM: 'Help <help@example.com>',
  };

  it('stops production without its secrets and keys, naming each missing setting', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SITE_URL.*SESSION_SECRET.*RECAPTCHA_SECRET.*RECAPTCHA_SITE_KEY.*FIREBASE_PROJECT_ID.*FIREBASE_API_KEY.*FIREBASE_AUTH_DOMAIN/,
    );
    for (const name of Object.keys(production).filter((key) => key !== 'NODE_ENV')) {
      expect(() => loadConfig({ ...production, [name]: undefined }), name).toThrow(new RegExp(name));
    }
    expect(() => loadConfig(production)).not.toThrow();
  });

  it('refuses the Auth emulator in production, which would accept unsigned staff tokens', () => {
    for (const value of ['127.0.0.1:9099', ' ', '']) {
      expect(() => loadConfig({ ...production, FIREBASE_AUTH_EMULATOR_HOST: value }), JSON.stringify(value)).toThrow(
        /FIREBASE_AUTH_EMULATOR_HOST/,
      );
    }
  });

  it('names every bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', SESSION_SECRET: 'short', RECAPTCHA_MIN_SCORE: '2' })).toThrow(
      /PORT[\s\S]*SESSION_SECRET: must be at least 32 characters[\s\S]*RECAPTCHA_MIN_SCORE/,
    );
  });

  it('reads the origins allowed to frame the chat widget', () => {
    expect(loadConfig({ FRAME_ANCESTORS: ' https://a.example  https://b.example ' }).FRAME_ANCESTORS).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
    for (const bad of ['https://a.example; script-src *', 'a.example', "'self'", 'https://a.example/path']) {
      expect(() => loadConfig({ FRAME_ANCESTORS: bad }), bad).toThrow(/FRAME_ANCESTORS/);
    }
  });
});

describe('the session secret', () => {
  it('is made once in development, kept private in the data directory, and read back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-secret-'));
    const first = await loadSecret({ FOYER_DATA_DIR: dir, NODE_ENV: 'development', SESSION_SECRET: undefined });
    expect(first.length).toBeGreaterThanOrEqual(40);
    expect(await loadSecret({ FOYER_DATA_DIR: dir, NODE_ENV: 'development', SESSION_SECRET: undefined })).toBe(first);
    expect(readFileSync(join(dir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dir, 'session-secret')).mode & 0o777).toBe(0o600);
  });

  it('refuses a secret file that is empty or too short, saying what to do', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-secret-'));
    writeFileSync(join(dir, 'session-secret'), 'short\n');
    await expect(loadSecret({ FOYER_DATA_DIR: dir, NODE_ENV: 'development', SESSION_SECRET: undefined })).rejects.toThrow(/Delete it/);
  });

  it('is the same for processes that make it at the same moment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-secret-'));
    const settings = { FOYER_DATA_DIR: dir, NODE_ENV: 'development' as const, SESSION_SECRET: undefined };
    const secrets = await Promise.all(Array.from({ length: 8 }, () => loadSecret(settings)));
    expect(new Set(secrets).size).toBe(1);
  });

  it('comes from SESSION_SECRET when set', async () => {
    expect(await loadSecret({ FOYER_DATA_DIR: '/nonexistent', NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) })).toBe(
      'x'.repeat(32),
    );
  });
});
