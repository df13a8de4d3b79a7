// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import Avatar, { initials } from './Avatar.tsx';
import MessageText from './MessageText.tsx';

let container: HTMLElement;
let reactRoot: Root;
// Tells React this is a test, so act() flushes renders and effects before it returns.
beforeAll(() => void Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true }));
afterEach(() => {
  act(() => reactRoot.unmount());
  container.remove();
});

function render(element: Parameters<Root['render']>[0]): HTMLElement {
  container = document.createElement('div');
  document.body.append(container);
  reactRoot = createRoot(container);
  act(() => reactRoot.render(element));
  return container;
}

describe('a message’s text', () => {
  it('is text, never HTML, with links that open in a new tab without the opener or a referrer', () => {
    const root = render(createElement(MessageText, { text: '<img src=x onerror=alert(1)> see https://example.org' }));
    expect(root.querySelector('img')).toBeNull();
    expect(root.textContent).toBe('<img src=x onerror=alert(1)> see https://example.org');
    const link = root.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.org');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});

describe('an avatar', () => {
  it('shows initials when there is no picture, hidden from screen readers (the name is beside it)', () => {
    const root = render(createElement(Avatar, { name: 'Ada Byron Lovelace', url: null }));
    expect(root.textContent).toBe('AL');
    expect(root.firstElementChild!.getAttribute('aria-hidden')).toBe('true');
    expect(initials('  ')).toBe('?');
    expect(initials('émile')).toBe('É');
  });

  it('shows the picture as decoration', () => {
    const root = render(createElement(Avatar, { name: 'Lee', url: '/a.png' }));
    expect(root.querySelector('img')!.getAttribute('alt')).toBe('');
  });
});
