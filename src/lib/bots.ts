/** Search-engine and preview bots, by the seed's user-agent pattern. */
export const botPattern = /bot|chrome-lighthouse|facebookexternalhit|google/i;

export function isBot(userAgent: string | null | undefined): boolean {
  return !!userAgent && botPattern.test(userAgent);
}
