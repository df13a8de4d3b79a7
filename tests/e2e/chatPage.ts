/** A conversation page as the browser tests drive it: the composer, the message log, and a new browser context. */
import type { Browser, FrameLocator, Page } from '@playwright/test';
import { messages } from './content.ts';

/** A page, or the widget's frame on another site's page. */
type Surface = Page | FrameLocator;

export const composer = (page: Surface, lang: string) => page.getByLabel(messages(lang)['chat.composerLabel']!);
export const log = (page: Surface, lang: string) => page.getByRole('log', { name: messages(lang)['chat.log']! });
/** The messages' texts in the order shown. */
export const texts = (page: Page, lang: string) => log(page, lang).locator('.chat-text').allTextContents();

/** Types a message and sends it with Enter. */
export async function write(page: Surface, lang: string, text: string) {
  await composer(page, lang).fill(text);
  await composer(page, lang).press('Enter');
}

/** A page in a browser context of its own (its own cookies and storage: another person). */
export async function openPage(browser: Browser, address: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(address);
  return page;
}
