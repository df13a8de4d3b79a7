/** The staff pages' tab titles: the unread count first, as mail and chat apps do ("(2) Ana Example · Foyer"). */

/** A title with its unread count put first, replacing one it had; none when nothing is unread. */
export function titleWithUnread(title: string, unread: number): string {
  const base = title.replace(/^\(\d+\) /, '');
  return unread > 0 ? `(${unread}) ${base}` : base;
}

/** The workspace's title: the open conversation's contact (or the inbox), then the product's name. */
export function workspaceTitle(subject: string, siteName: string, unread: number): string {
  return titleWithUnread(`${subject} · ${siteName}`, unread);
}
