/**
 * A file's type by its content, never its name or what the browser said: file-type reads the binary formats' magic
 * numbers (and inside zip files for office documents); text is told from binary here, and markup is refused unless it
 * is an SVG, which is only ever downloaded (download.ts), so a renamed HTML page has no way in.
 */
import { fileTypeFromBuffer } from 'file-type';

/** Pictures the server re-encodes into its own copies (pictures.ts); one it cannot read stays a plain file. */
export const pictureTypes: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/apng',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/tiff',
  'image/heic',
  'image/heif',
]);

/** What a conversation takes: pictures, PDF, plain text, office documents and zip archives. */
export const allowedTypes: ReadonlySet<string> = new Set([
  ...pictureTypes,
  'image/bmp',
  'image/svg+xml',
  'application/pdf',
  'text/plain',
  'application/rtf',
  'application/zip',
  // Word, Excel and PowerPoint before 2007 (their compound file)
  'application/x-cfb',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/vnd.oasis.opendocument.graphics',
]);

/** Control characters text does not hold (tab, line feed, form feed and carriage return aside). */
const controlCharacter = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;
/** Markup whose root element is `<svg`, after an XML declaration, comments and a doctype. */
const svgRoot = /^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!doctype\s+svg[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>/]/i;

/** The text of a file's beginning, or undefined if it is not UTF-8 text (a sample may end inside a character). */
function textOf(sample: Uint8Array): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return controlCharacter.test(text) ? undefined : text.replace(/^\ufeff/, '');
  } catch {
    return undefined;
  }
}

/**
 * The allowed type the content shows, from its first bytes (a part, bytes.ts: enough for every format above), or
 * undefined if it is not one of them.
 */
export async function typeOfContent(sample: Uint8Array): Promise<string | undefined> {
  const found = await fileTypeFromBuffer(sample);
  if (found && found.mime !== 'application/xml') return allowedTypes.has(found.mime) ? found.mime : undefined;
  const text = textOf(sample);
  if (text === undefined) return undefined;
  const start = text.trimStart();
  // Text that opens with a tag is markup (HTML, XML), which a browser might run: refused, SVG aside.
  if (!/^<[a-z!?/]/i.test(start)) return found ? undefined : 'text/plain';
  return svgRoot.test(start) ? 'image/svg+xml' : undefined;
}
