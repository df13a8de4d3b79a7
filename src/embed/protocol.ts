/**
 * What the launcher (/embed.js, launcher.ts) and the widget's page in its frame (frame.ts) say to each other with
 * postMessage. Each side also checks the other's origin and window; this checks the shape.
 */
export type EmbedMessage =
  /** Frame → launcher: the widget's page loaded (so the browser did not refuse the frame). */
  | { foyer: 1; type: 'ready' }
  /** Frame → launcher: close the panel (Escape, or the frame's close button). */
  | { foyer: 1; type: 'close' }
  /** Frame → launcher: how many of the other side's messages are unread (not yet on screen), and how to say so. */
  | { foyer: 1; type: 'unread'; count: number; label: string }
  /** Frame → launcher: make the panel larger (most of the window) or bring it back to 380 × 600. */
  | { foyer: 1; type: 'resize'; large: boolean }
  /** Launcher → frame: whether the panel can change size (not on a phone, where it fills the screen) and is large. */
  | { foyer: 1; type: 'size'; resizable: boolean; large: boolean };

export function embedMessage(data: unknown): EmbedMessage | undefined {
  if (typeof data !== 'object' || data === null || (data as { foyer?: unknown }).foyer !== 1) return undefined;
  const { type, count, label } = data as { type?: unknown; count?: unknown; label?: unknown };
  if (type === 'unread') {
    const valid = typeof count === 'number' && Number.isInteger(count) && count >= 0 && typeof label === 'string' && label.length <= 200;
    return valid ? { foyer: 1, type, count, label } : undefined;
  }
  if (type === 'resize') {
    const { large } = data as { large?: unknown };
    return typeof large === 'boolean' ? { foyer: 1, type, large } : undefined;
  }
  if (type === 'size') {
    const { resizable, large } = data as { resizable?: unknown; large?: unknown };
    return typeof resizable === 'boolean' && typeof large === 'boolean' ? { foyer: 1, type, resizable, large } : undefined;
  }
  if (type === 'ready' || type === 'close') return { foyer: 1, type };
  return undefined;
}
