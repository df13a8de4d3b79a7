import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanUrl } from './pagefind.ts';
import { pacedAddress, readSearchParams, searchAddress } from './address.ts';

describe('the search address', () => {
  const page = new URL('https://help.example.com/ja/search?q=old&utm=x#top');

  it('reads the query and topic', () => {
    expect(readSearchParams('?q=%E3%82%B3%E3%83%BC%E3%83%89&topic=codes')).toEqual({ query: 'コード', topic: 'codes' });
    expect(readSearchParams('')).toEqual({ query: '', topic: '' });
  });

  it('writes them back, keeping other parameters and the hash', () => {
    expect(searchAddress(page, { query: ' new words ', topic: '' })).toBe('/ja/search?q=new+words&utm=x#top');
    expect(searchAddress(page, { query: '', topic: 'codes' })).toBe('/ja/search?utm=x&topic=codes#top');
  });
});

describe('cleanUrl', () => {
  it('strips the trailing slash Pagefind adds and keeps the case of the prefix', () => {
    expect(cleanUrl('/zh-Hans/categories/a/articles/b/')).toBe('/zh-Hans/categories/a/articles/b');
    expect(cleanUrl('/pt-BR/categories/a/articles/b/#part')).toBe('/pt-BR/categories/a/articles/b#part');
    expect(cleanUrl('/')).toBe('/');
  });
});

describe('paced address updates', () => {
  afterEach(() => vi.useRealTimers());

  it('replace the address at most once per interval, with the newest text', () => {
    vi.useFakeTimers();
    const replaced: string[] = [];
    const update = pacedAddress(300, (address) => replaced.push(address));
    for (const query of ['c', 'ch', 'cha', 'chat']) update(`/en/search?q=${query}`);
    expect(replaced).toEqual([]);
    vi.advanceTimersByTime(300);
    expect(replaced).toEqual(['/en/search?q=chat']);
    update('/en/search?q=chats');
    vi.advanceTimersByTime(300);
    expect(replaced).toEqual(['/en/search?q=chat', '/en/search?q=chats']);
  });

  it('survive a browser that refuses (Safari throws past 100 replaces in 30 s)', () => {
    vi.useFakeTimers();
    const update = pacedAddress(300, () => {
      throw new DOMException('Attempt to use history.replaceState() more than 100 times per 30 seconds', 'SecurityError');
    });
    update('/en/search?q=x');
    expect(() => vi.advanceTimersByTime(300)).not.toThrow();
  });
});
