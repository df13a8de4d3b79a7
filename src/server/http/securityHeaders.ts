/**
 * Security headers for every response, static files included. The Content-Security-Policy allows inline
 * scripts and styles only by hash (the build lists them, see scripts/inline-hashes.mjs), never 'unsafe-inline'.
 * Pages are never framed, except the chat widget (/{lang}/chatBox…) by the origins in FRAME_ANCESTORS. Images may
 * come from https hosts (staff avatars from Google or Apple accounts).
 */
import type { Config } from '../config.ts';

export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

const chatBoxPage = /^\/[^/]+\/chatBox(?:\/|$)/;

type Settings = Pick<
  Config,
  'FRAME_ANCESTORS' | 'SITE_URL' | 'RECAPTCHA_SITE_KEY' | 'NODE_ENV' | 'FIREBASE_AUTH_EMULATOR_HOST' | 'FIREBASE_AUTH_DOMAIN'
>;

interface Sources {
  script: string[];
  connect: string[];
  frame: string[];
}

/** The outside hosts pages may use: reCAPTCHA (production), and Firebase Auth (or its emulator) for staff sign-in. */
function outsideSources(config: Settings): Sources {
  const sources: Sources = { script: [], connect: [], frame: [] };
  if (config.NODE_ENV === 'production' && config.RECAPTCHA_SITE_KEY) {
    const google = ['https://www.google.com', 'https://www.gstatic.com'];
    sources.script.push(...google);
    sources.connect.push('https://www.google.com');
    sources.frame.push(...google);
  }
  // Popup sign-in (Google, Apple) loads Google's API script and the auth handler in a frame.
  sources.script.push('https://apis.google.com');
  if (config.FIREBASE_AUTH_EMULATOR_HOST) {
    sources.connect.push(`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`);
    sources.frame.push(`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`);
  } else {
    sources.connect.push('https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com');
    if (config.FIREBASE_AUTH_DOMAIN) sources.frame.push(`https://${config.FIREBASE_AUTH_DOMAIN}`);
  }
  return sources;
}

function policy(hashes: InlineHashes, frameAncestors: string[], outside: Sources): string {
  const list = (...parts: string[]) => parts.filter(Boolean).join(' ');
  const quoted = (hashesOf: string[]) => hashesOf.map((hash) => `'${hash}'`);
  return [
    `default-src 'self'`,
    // Pagefind compiles WebAssembly on the search page.
    `script-src ${list("'self'", "'wasm-unsafe-eval'", ...quoted(hashes.scripts), ...outside.script)}`,
    `style-src ${list("'self'", ...quoted(hashes.styles))}`,
    `img-src 'self' data: https:`,
    `font-src 'self'`,
    `connect-src ${list("'self'", ...outside.connect)}`,
    `frame-src ${outside.frame.length ? outside.frame.join(' ') : "'none'"}`,
    `worker-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors ${frameAncestors.length ? frameAncestors.join(' ') : "'none'"}`,
  ].join('; ');
}

/** Returns the headers for a path; the two policies are built once. */
export function securityHeaders(config: Settings, hashes: InlineHashes): (pathname: string) => Record<string, string> {
  const outside = outsideSources(config);
  const common: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(config.SITE_URL.startsWith('https:') && { 'Strict-Transport-Security': 'max-age=31536000' }),
  };
  const everywhere = { ...common, 'Content-Security-Policy': policy(hashes, [], outside), 'X-Frame-Options': 'DENY' };
  const widget = { ...common, 'Content-Security-Policy': policy(hashes, config.FRAME_ANCESTORS, outside) };
  return (pathname) => (chatBoxPage.test(pathname) ? widget : everywhere);
}
