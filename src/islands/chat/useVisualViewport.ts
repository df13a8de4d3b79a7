/**
 * Keeps `--visual-block-size` on the document at the height the reader sees. A phone's on-screen keyboard shrinks the
 * visual viewport, not the layout one (iOS Safari; Chrome unless told otherwise), so a page sized by `100dvh` keeps
 * its composer under the keyboard; the contact's chat page is sized by this instead (styles/areas/chat.css).
 * Height times scale: pinch-zooming shrinks the visual viewport too, and must not shrink the page.
 */
import { useEffect } from 'react';

export const visualBlockSize = '--visual-block-size';

export function useVisualViewport(): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty(visualBlockSize, `${Math.round(viewport.height * viewport.scale)}px`);
    update();
    viewport.addEventListener('resize', update);
    return () => {
      viewport.removeEventListener('resize', update);
      root.style.removeProperty(visualBlockSize);
    };
  }, []);
}
