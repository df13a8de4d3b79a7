/** The chat widget on another site, as the browser tests drive it: the demo host page, its launcher and the frame. */
import type { Page } from '@playwright/test';
import { messages } from './content.ts';

export const foyer = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4329)}`;
// playwright.config.ts starts the demo host page here; as localhost it is another site than Foyer's 127.0.0.1, so
// the widget is a third-party frame (no SameSite=Lax cookie of Foyer's reaches it).
export const demoHost = `http://localhost:${Number(process.env.E2E_PORT ?? 4329) + 10}`;
export const launcher = (page: Page, name = messages('en')['embed.open']!) =>
  page.locator('[data-foyer-embed]').getByRole('button', { name });
export const widget = (page: Page) => page.frameLocator('[data-foyer-embed] iframe');
