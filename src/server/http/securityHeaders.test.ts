import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { securityHeaders } from './securityHeaders.ts';

const hashes = { scripts: ['sha256-AAA='], styles: ['sha256-BBB='] };

describe('security headers', () => {
  const headersFor = securityHeaders(loadConfig({ FRAME_ANCESTORS: 'https://shop.example' }), hashes);

  it('allow inline code only by hash, never unsafe-inline', () => {
    const csp = headersFor('/en')['Content-Security-Policy']!;
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-AAA='");
    expect(csp).toContain("style-src 'self' 'sha256-BBB='");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("object-src 'none'");
  });

  it('forbid framing everywhere but the chat widget, which the configured origins may frame', () => {
    expect(headersFor('/en/chat')['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(headersFor('/en/chat')['X-Frame-Options']).toBe('DENY');
    for (const path of ['/en/chatBox', '/pt-BR/chatBox/cb_x']) {
      expect(headersFor(path)['Content-Security-Policy']).toContain('frame-ancestors https://shop.example');
      expect(headersFor(path)['X-Frame-Options']).toBeUndefined();
    }
    expect(headersFor('/en/chatBoxes')['Content-Security-Policy']).toContain("frame-ancestors 'none'");
  });

  it('give API answers the shortest policy, one that allows nothing and no framing', () => {
    for (const path of ['/api/chat/stream', '/api/contacts/get']) {
      expect(headersFor(path)).toMatchObject({
        'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
        'X-Content-Type-Options': 'nosniff',
      });
      expect(production(path)['Content-Security-Policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    expect(headersFor('/en/api')['Content-Security-Policy']).toContain("script-src 'self'");
  });

  it('always send nosniff and the referrer policy; HSTS only for an https site', () => {
    expect(headersFor('/x')).toMatchObject({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin' });
    expect(headersFor('/x')['Strict-Transport-Security']).toBeUndefined();
    expect(securityHeaders(loadConfig({ SITE_URL: 'https://help.example.com' }), hashes)('/x')['Strict-Transport-Security']).toBe(
      'max-age=31536000',
    );
  });

  const production = securityHeaders(
    loadConfig({
      NODE_ENV: 'production',
      SITE_URL: 'https://help.example.com',
      SESSION_SECRET: 's'.repeat(40),
      RECAPTCHA_SECRET: 'x',
      RECAPTCHA_SITE_KEY: 'key',
      FIREBASE_PROJECT_ID: 'p',
      FIREBASE_API_KEY: 'k',
      FIREBASE_AUTH_DOMAIN: 'p.firebaseapp.com',
      SMTP_URL: 'smtp://mail:secret@smtp.example.com:587',
      MAIL_FROM: 'Help <help@example.com>',
    }),
    hashes,
  );

  it('allow Google’s reCAPTCHA only where contacts verify codes, in production with a site key, narrowed to its paths', () => {
    expect(headersFor('/en/chat')['Content-Security-Policy']).not.toContain('www.google.com');
    for (const path of ['/en/chat', '/en/chat/cb_x', '/de/chatBox']) {
      const csp = production(path)['Content-Security-Policy']!;
      expect(csp).toContain(
        "script-src 'self' 'wasm-unsafe-eval' 'sha256-AAA=' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/;",
      );
      expect(csp).toContain('frame-src https://www.google.com/recaptcha/;');
      expect(csp).toContain(
        "connect-src 'self' https://www.google.com/recaptcha/ https://identitytoolkit.googleapis.com https://securetoken.googleapis.com;",
      );
    }
    expect(production('/en/login')['Content-Security-Policy']).not.toContain('recaptcha');
  });

  it('allow popup sign-in’s hosts only on the login and password pages', () => {
    for (const path of ['/en/login', '/ar/password']) {
      const csp = production(path)['Content-Security-Policy']!;
      expect(csp).toContain(
        "script-src 'self' 'wasm-unsafe-eval' 'sha256-AAA=' https://apis.google.com/js/ https://apis.google.com/_/scs/;",
      );
      expect(csp).toContain('frame-src https://p.firebaseapp.com/__/auth/;');
    }
    expect(production('/en/chat')['Content-Security-Policy']).not.toContain('apis.google.com');
  });

  it('send help-centre pages and files no outside host at all', () => {
    for (const path of ['/', '/en', '/en/search', '/en/categories/a/articles/b', '/_astro/x.js', '/en/chatter']) {
      const csp = production(path)['Content-Security-Policy']!;
      expect(csp).not.toMatch(/google|firebase/);
      expect(csp).toContain("frame-src 'none'");
    }
  });

  it('let pages reach the Auth emulator in development', () => {
    const csp = securityHeaders(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }), hashes)('/en/login')[
      'Content-Security-Policy'
    ]!;
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:9099");
    expect(csp).toContain('frame-src http://127.0.0.1:9099');
    expect(csp).not.toContain('googleapis.com');
  });

  it('let the staff pages reach Firebase, which renews the sign-in there, and nothing else outside', () => {
    for (const path of ['/en/staff', '/ar/staff/help-centre']) {
      const csp = production(path)['Content-Security-Policy']!;
      expect(csp, path).toContain("connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com");
      expect(csp, path).not.toMatch(/recaptcha|apis\.google\.com/);
      expect(csp, path).toContain("frame-src 'none'");
    }
  });

  it('keep pages and files to this origin, but let other sites frame the widget and load embed.js', () => {
    for (const path of ['/en', '/en/chat', '/en/staff', '/_astro/x.js', '/favicon.ico']) {
      expect(headersFor(path), path).toMatchObject({
        'Cross-Origin-Resource-Policy': 'same-origin',
        'Cross-Origin-Opener-Policy': 'same-origin',
      });
    }
    // Sign-in's popups (Google, Apple) answer the page that opened them.
    expect(headersFor('/en/login')['Cross-Origin-Opener-Policy']).toBe('same-origin-allow-popups');
    for (const path of ['/en/chatBox', '/de/chatBox/cb_x', '/embed.js']) {
      expect(headersFor(path)['Cross-Origin-Resource-Policy'], path).toBe('cross-origin');
      expect(headersFor(path)['Cross-Origin-Opener-Policy'], path).toBeUndefined();
    }
  });

  it('let nobody frame the widget when no origin is configured', () => {
    expect(securityHeaders(loadConfig({}), hashes)('/en/chatBox')['Content-Security-Policy']).toContain("frame-ancestors 'none'");
  });
});
