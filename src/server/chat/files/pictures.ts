/**
 * A picture's copies for others to see, made with sharp: a display size and a thumbnail, turned upright and
 * re-encoded as WebP without its metadata (EXIF, the camera's location), so only the original keeps them.
 */
import sharp from 'sharp';
import type { FileVariant } from '../../../lib/api/files.ts';
import { inParts, readWhole, type FileBytes } from './bytes.ts';

/** The longest side of each copy, in pixels; a smaller picture keeps its size. */
export const pictureSizes = { display: 2048, thumb: 480 } as const satisfies Partial<Record<FileVariant, number>>;
/** Pictures larger than this (in pixels) are not decoded: a small file can unpack to gigabytes. */
const maxInputPixels = 50_000_000;

/** One picture at a time per process: decoding holds the whole image in memory, however many upload at once. */
let queue: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const result = queue.then(work, work);
  queue = result.catch(() => undefined);
  return result;
}

/**
 * Writes a picture's display and thumbnail copies and answers the display copy's size, or undefined when the
 * picture cannot be read (a format this build cannot decode, a broken file): it then stays a plain file.
 */
export function makePictureCopies(bytes: FileBytes, fileId: string): Promise<{ width: number; height: number } | undefined> {
  return inTurn(async () => {
    const original = await readWhole(bytes, fileId, 'original');
    let copies;
    try {
      const upright = sharp(original, { limitInputPixels: maxInputPixels, failOn: 'error' }).rotate();
      const copy = (side: number) =>
        upright
          .clone()
          .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
      copies = { display: await copy(pictureSizes.display), thumb: await copy(pictureSizes.thumb) };
    } catch {
      return undefined;
    }
    for (const variant of ['display', 'thumb'] as const) await bytes.write(fileId, variant, inParts(once(copies[variant].data)));
    return { width: copies.display.info.width, height: copies.display.info.height };
  });
}

async function* once(data: Buffer): AsyncIterable<Uint8Array> {
  yield data;
}
