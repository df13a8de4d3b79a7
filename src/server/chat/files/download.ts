/**
 * A download: a file of the chat box the access token names, as its holder may see it. Nothing from an upload runs
 * on Foyer's origin: only pictures the server re-encoded are shown inline; everything else, an SVG or a PDF included,
 * is an attachment, none is sniffed, and a sandbox without scripts covers the answer should a browser show it anyway.
 */
import type { FileVariant } from '../../../lib/api/files.ts';
import { ApiError } from '../../errors.ts';
import { FileReply } from '../../http/requestAndAnswer.ts';
import type { Services } from '../../services.ts';
import { checkFileAccess } from './access.ts';
import { visibleFiles } from './records.ts';

/** `filename*` (RFC 6266, 8187) carries any name; `filename` an ASCII stand-in for old clients. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function downloadFile(
  services: Services,
  query: { fileId: string; variant: FileVariant; access: string },
): Promise<FileReply> {
  const { chatBoxId, viewer } = await checkFileAccess(services, query.access);
  const [file] = await visibleFiles(services.db, chatBoxId, viewer.kind, [query.fileId]);
  const notFound = () => new ApiError(404, 'not_found', 'There is no such file.');
  if (!file) throw notFound();
  const copy = query.variant !== 'original';
  if (copy && !file.width) throw notFound();
  // A picture's original keeps its metadata (the camera's location): its sender's side has it, the other side the copies.
  if (!copy && file.width && viewer.kind !== file.uploaderKind && viewer.kind === 'contact') throw notFound();
  const headers: Record<string, string> = {
    'Content-Type': copy ? 'image/webp' : file.type === 'text/plain' ? 'text/plain; charset=utf-8' : file.type,
    'Content-Disposition': contentDisposition(copy ? 'inline' : 'attachment', copy ? file.name.replace(/\.[^.]*$/, '.webp') : file.name),
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'X-Content-Type-Options': 'nosniff',
    // The address holds a token that expires; the bytes never change.
    'Cache-Control': 'private, max-age=900, immutable',
  };
  if (!copy) headers['Content-Length'] = String(file.size);
  return new FileReply(services.fileBytes.read(file.id, query.variant), headers);
}
