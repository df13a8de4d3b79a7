import { describe, expect, it } from 'vitest';
import { requestTarget } from './requestTarget.ts';

describe('the request target', () => {
  it('keeps an origin-form path and its query, percent-encoding as sent', () => {
    expect(requestTarget('/en/search?q=a%20b')).toMatchObject({ pathname: '/en/search', url: '/en/search?q=a%20b' });
    expect(requestTarget('/en/%E0%A4%A')).toMatchObject({ pathname: '/en/%E0%A4%A', url: '/en/%E0%A4%A' });
  });

  it('reads a path that looks like a host with a bad port as a path, with one leading slash', () => {
    expect(requestTarget('//x:99999/')).toMatchObject({ pathname: '/x:99999/', url: '/x:99999/' });
    expect(requestTarget('//[')?.pathname).toBe('/[');
    expect(requestTarget('//evil.example/en/')?.url).toBe('/evil.example/en/');
    expect(requestTarget('/\\evil.example')?.url).toBe('/evil.example');
  });

  it('keeps only the path of an absolute-form target, whatever host it names', () => {
    expect(requestTarget('http://evil.example/en?x=1')).toMatchObject({ pathname: '/en', url: '/en?x=1' });
    expect(requestTarget('https://evil.example//en')?.url).toBe('/en');
  });

  it('refuses targets that name nothing here', () => {
    for (const raw of [undefined, '', '*', 'example.com:443', 'http://[', 'javascript:alert(1)', 'file:///etc/passwd', 'x']) {
      expect(requestTarget(raw)).toBeNull();
    }
  });
});
