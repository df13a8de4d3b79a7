/**
 * The header's search on a phone is only its button (styles in components/Header.astro): pressed with nothing typed,
 * it opens the field across the header instead of searching for nothing, and Escape closes it again. Without this
 * script the button goes to the search page, whose field is full width.
 */
document.addEventListener('keydown', (event) => {
  const field = (event.target as Element | null)?.closest?.<HTMLInputElement>('.site-header .search input');
  if (event.key !== 'Escape' || !field || field.value) return;
  field.blur();
});

document.addEventListener('click', (event) => {
  const button = (event.target as Element | null)?.closest?.('.site-header .search button');
  const field = button?.closest('form')?.querySelector<HTMLInputElement>('input[type="search"]');
  if (!field || field.value.trim()) return;
  event.preventDefault();
  field.focus();
});
