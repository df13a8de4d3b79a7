// negotiator 1.x takes a preference order for ties; @types/negotiator still describes 0.6, which does not.
declare module 'negotiator' {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    encodings(available?: string[], options?: { preferred?: string[] }): string[];
  }
}
