/**
 * Development trusts the Auth emulator, whose tokens are unsigned: fine on loopback, but a development server other
 * machines can reach lets anyone who reaches it pose as any staff member. Start-up says so, loudly.
 */
import { isIP } from 'node:net';
import type { Config } from '../config.ts';

/** Whether only this machine can reach an address the server listens on. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1' || /^::ffff:127\./.test(bare);
}

/** The warning for a server that accepts unsigned staff tokens on an address others can reach, or null. */
export function exposureWarning(config: Pick<Config, 'HOST' | 'FIREBASE_AUTH_EMULATOR_HOST'>): string | null {
  if (!config.FIREBASE_AUTH_EMULATOR_HOST || isLoopbackHost(config.HOST)) return null;
  return [
    '',
    '!!! WARNING: this development server listens on ' + `${config.HOST}, so other machines can reach it, and it trusts the`,
    '!!! Firebase Auth emulator, whose tokens are unsigned: ANYONE WHO CAN REACH IT CAN POSE AS ANY STAFF MEMBER.',
    '!!! Keep HOST=localhost for development, or run it as production: NODE_ENV=production with SITE_URL, SESSION_SECRET,',
    '!!! FIREBASE_PROJECT_ID, FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN and RECAPTCHA_SITE_KEY/RECAPTCHA_SECRET, and no',
    '!!! FIREBASE_AUTH_EMULATOR_HOST.',
    '',
  ].join('\n');
}
