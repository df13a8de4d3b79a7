import { describe, expect, it } from 'vitest';
import { exposureWarning, isLoopbackHost } from './exposure.ts';

describe('a development server reachable from other machines', () => {
  it('counts only loopback addresses as private', () => {
    for (const host of ['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of [
      '0.0.0.0',
      '::',
      '[::]',
      '192.168.1.10',
      '10.0.0.1',
      'example.com',
      'localhost.example.com',
      '128.0.0.1',
      'fe80::1',
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('is warned about loudly when it trusts the Auth emulator, naming the settings that close it', () => {
    const warning = exposureWarning({ HOST: '0.0.0.0', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(warning).toContain('ANYONE WHO CAN REACH IT CAN POSE AS ANY STAFF MEMBER');
    for (const setting of ['NODE_ENV=production', 'FIREBASE_API_KEY', 'SESSION_SECRET', 'FIREBASE_AUTH_EMULATOR_HOST'])
      expect(warning).toContain(setting);
  });

  it('is not warned about on loopback, nor without the emulator', () => {
    expect(exposureWarning({ HOST: 'localhost', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toBeNull();
    expect(exposureWarning({ HOST: '0.0.0.0', FIREBASE_AUTH_EMULATOR_HOST: undefined })).toBeNull();
  });
});
