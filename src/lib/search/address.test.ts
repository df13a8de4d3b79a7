import { describe, expect, it } from 'vitest';
import { cleanUrl } from './pagefind.ts';
import { readSearchParams, searchAddress } from './address.ts';

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
