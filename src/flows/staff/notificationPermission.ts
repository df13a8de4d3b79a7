/**
 * The staff menu's "Turn on desktop notifications" (Header.astro): shown where the browser can notify; it asks only
 * when pressed, never by itself, and then says (disabled) whether notifications are on or blocked. The workspace's
 * alerts (alerts.ts) use them; the staff page offers the same button.
 */
export function offerNotifications(): () => void {
  const button = document.querySelector<HTMLButtonElement>('[data-staff-notify]');
  if (!button || typeof Notification === 'undefined') return () => {};
  const say = (permission: NotificationPermission) => {
    if (permission === 'default') return;
    button.textContent = button.dataset[permission === 'granted' ? 'on' : 'blocked'] ?? '';
    button.disabled = true;
  };
  const ask = () => void Notification.requestPermission().then(say);
  button.closest('li')!.hidden = false;
  say(Notification.permission);
  button.addEventListener('click', ask);
  return () => button.removeEventListener('click', ask);
}
