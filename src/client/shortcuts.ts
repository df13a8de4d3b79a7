/**
 * `/` or Ctrl/Cmd+K jumps to the search box on any page (the header's, the page's own on home and search, the staff
 * workspace's message search).
 */
import { typingInField } from '../lib/typingInField.ts';

document.addEventListener('keydown', (event) => {
  const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typingInField(event.target);
  // event.code: the K key wherever the layout puts its letter (Cyrillic, Greek, Hebrew, Arabic, Thai keyboards).
  // Autofill sends keydown events without a key at all.
  const commandK =
    (event.key?.toLowerCase() === 'k' || event.code === 'KeyK') && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
  if (!slash && !commandK) return;
  const box = document.querySelector<HTMLInputElement>('[data-search-box]');
  if (!box) return;
  event.preventDefault();
  box.focus();
  box.select();
});
