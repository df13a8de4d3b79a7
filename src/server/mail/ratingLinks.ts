/**
 * The links of a "How was your conversation?" e-mail: a token naming the rating asked, signed with a key of its own,
 * so a rating can be given for that resolution alone (never another chat box's) without signing in.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const mac = (key: Buffer, id: number) => createHmac('sha256', key).update(`rating\n${id}`).digest().subarray(0, 18);

export function ratingToken(key: Buffer, ratingId: number): string {
  return `${ratingId.toString(36)}.${mac(key, ratingId).toString('base64url')}`;
}

/** The rating a token names, or undefined when it is not one of ours (or was changed). */
export function readRatingToken(key: Buffer, token: string): number | undefined {
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined || !/^[0-9a-z]{1,12}$/.test(encoded)) return undefined;
  const id = parseInt(encoded, 36);
  const expected = mac(key, id);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}

/** The page that takes the rating (and works without JavaScript); `score`: the one chosen in the e-mail. */
export function ratingPageUrl(siteUrl: string, lang: string, token: string, score?: number): string {
  const url = new URL(`/${lang}/rate`, siteUrl);
  url.searchParams.set('token', token);
  if (score !== undefined) url.searchParams.set('score', String(score));
  return url.href;
}
