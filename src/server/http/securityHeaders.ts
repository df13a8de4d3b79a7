/**
 * Security headers for every response, static files included. The Content-Security-Policy allows inline
 * scripts and styles only by hash (the build lists them, see scripts/inline-hashes.mjs), never 'unsafe-inline'.
 * Pages are never framed, except the chat widget (/{lang}/chatBox…) by the origins in FRAME_ANCESTORS. Images may
 * come from https hosts (staff avatars from Google or Apple accounts). API answers (JSON, event streams, redirects)
 * get the shortest policy that forbids everything: a page's policy on them guards nothing, and an open event stream
 * keeps its header block in memory for its whole life (that block was 1 KB; the bench's heap per stream went
 * from 11.4 to 10.7–10.8 KB).
 */
import type { Config } from '../config.ts';

export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

const chatBoxPage = /^\/[^/]+\/chatBox(?:\/|$)/;

/** Which outside hosts a page needs, by its route: help-centre pages need none. */
type Area = 'signIn' | 'conversation' | 'staff' | 'none';

function areaOf(pathname: string): Area {
  const [, , page] = pathname.split('/');
  if (page === 'login' || page === 'password') return 'signIn';
  if (page === 'chat' || page === 'chatBox') return 'conversation';
  // The staff page and the help-centre report load Firebase, which renews the sign-in there.
  if (page === 'staff') return 'staff';
  return 'none';
}

type Settings = Pick<
  Config,
  'FRAME_ANCESTORS' | 'SITE_URL' | 'RECAPTCHA_SITE_KEY' | 'NODE_ENV' | 'FIREBASE_AUTH_EMULATOR_HOST' | 'FIREBASE_AUTH_DOMAIN'
>;

interface Sources {
  script: string[];
  connect: string[];
  frame: string[];
}

/**
 * The outside hosts a page may use, narrowed to the paths used: reCAPTCHA (production) where contacts verify codes,
 * Firebase Auth (or its emulator) where staff sign in or work (conversations, the staff pages), and Google's API
 * script with the auth handler's frame where the SDK is set up for popup sign-in (the login and password pages).
 */
function outsideSources(config: Settings, area: Area): Sources {
  const sources: Sources = { script: [], connect: [], frame: [] };
  if (area === 'none') return sources;
  if (area === 'conversation' && config.NODE_ENV === 'production' && config.RECAPTCHA_SITE_KEY) {
    sources.script.push('https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/');
    sources.connect.push('https://www.google.com/recaptcha/');
    sources.frame.push('https://www.google.com/recaptcha/');
  }
  // api.js, and the gapi modules it loads for the auth handler.
  if (area === 'signIn') sources.script.push('https://apis.google.com/js/', 'https://apis.google.com/_/scs/');
  if (config.FIREBASE_AUTH_EMULATOR_HOST) {
    sources.connect.push(`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`);
    if (area === 'signIn') sources.frame.push(`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`);
  } else {
    sources.connect.push('https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com');
    if (area === 'signIn' && config.FIREBASE_AUTH_DOMAIN) sources.frame.push(`https://${config.FIREBASE_AUTH_DOMAIN}/__/auth/`);
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

/** Returns the headers for a path; every policy is built once. */
export function securityHeaders(config: Settings, hashes: InlineHashes): (pathname: string) => Record<string, string> {
  const common: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(config.SITE_URL.startsWith('https:') && { 'Strict-Transport-Security': 'max-age=31536000' }),
  };
  // The widget is framed by other sites, and /embed.js is loaded by them: their resources may be used cross-origin.
  // Everything else is this origin's alone (Cross-Origin-Resource-Policy), and its pages keep their window to
  // themselves (Cross-Origin-Opener-Policy).
  const shared = { 'Cross-Origin-Resource-Policy': 'cross-origin' };
  const own = { 'Cross-Origin-Resource-Policy': 'same-origin', 'Cross-Origin-Opener-Policy': 'same-origin' };
  const unframed = (area: Area) => ({
    ...common,
    ...own,
    'Content-Security-Policy': policy(hashes, [], outsideSources(config, area)),
    'X-Frame-Options': 'DENY',
  });
  const byArea: Record<Area, Record<string, string>> = {
    // Sign-in opens Google's and Apple's popups, which must be able to answer the page that opened them.
    signIn: { ...unframed('signIn'), 'Cross-Origin-Opener-Policy': 'same-origin-allow-popups' },
    conversation: unframed('conversation'),
    staff: unframed('staff'),
    none: unframed('none'),
  };
  const widget = {
    ...common,
    ...shared,
    'Content-Security-Policy': policy(hashes, config.FRAME_ANCESTORS, outsideSources(config, 'conversation')),
  };
  const nothing = "default-src 'none'; frame-ancestors 'none'";
  const api = { ...common, 'Content-Security-Policy': nothing };
  const embedScript = { ...common, ...shared, 'Content-Security-Policy': nothing };
  return (pathname) =>
    pathname.startsWith('/api/')
      ? api
      : chatBoxPage.test(pathname)
        ? widget
        : pathname === '/embed.js'
          ? embedScript
          : byArea[areaOf(pathname)];
}
