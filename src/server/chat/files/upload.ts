/**
 * An upload: the request's body streamed into the file's parts as it arrives, its type taken from its first part,
 * its size counted against ATTACHMENT_MAX_MB and its hash computed on the way. A refusal or a dropped connection
 * removes what was stored; a process killed mid-upload leaves an incomplete record, which housekeeping removes
 * (cleanup.ts) and nobody ever reads.
 */
import { createHash } from 'node:crypto';
import type { Participant } from '../../../lib/api/chat.ts';
import type { StoredFile } from '../../../lib/api/files.ts';
import { ApiError } from '../../errors.ts';
import { newFileId } from '../../ids.ts';
import type { Services } from '../../services.ts';
import { inParts } from './bytes.ts';
import { makePictureCopies } from './pictures.ts';
import { removeFiles } from './cleanup.ts';
import { completeRecord, createRecord } from './records.ts';
import { pictureTypes, typeOfContent } from './sniff.ts';

export interface Upload {
  chatBoxId: string;
  uploader: Participant;
  name: string;
  /** The Content-Length the client declared, if any: too large is refused before a byte is read. */
  declaredSize: number | undefined;
  body: AsyncIterable<Uint8Array>;
}

const fileTooLarge = (maxMb: number) =>
  new ApiError(413, 'file_too_large', `A file may be at most ${maxMb} MB.`, { maxBytes: Math.floor(maxMb * 1024 * 1024) });
const typeNotAllowed = () => new ApiError(415, 'file_type_not_allowed', 'Send pictures, PDF, text, office documents or zip archives.');
const aborted = () => new ApiError(400, 'request_aborted', 'The upload was cancelled before the file arrived.');

/** A request body's stream fails when the client goes; that is the client's doing, not an error of ours. */
async function* fromClient(body: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  try {
    yield* body;
  } catch {
    throw aborted();
  }
}

export async function uploadFile(services: Services, upload: Upload): Promise<StoredFile> {
  const maxMb = services.config.ATTACHMENT_MAX_MB;
  const maxBytes = Math.floor(maxMb * 1024 * 1024);
  if ((upload.declaredSize ?? 0) > maxBytes) throw fileTooLarge(maxMb);
  const parts = inParts(fromClient(upload.body))[Symbol.asyncIterator]();
  const first = await parts.next();
  if (first.done) throw new ApiError(400, 'invalid_body', 'The file is empty.');
  const type = await typeOfContent(first.value);
  if (!type) throw typeNotAllowed();

  const { db, fileBytes } = services;
  const id = newFileId();
  await createRecord(db, { id, chatBoxId: upload.chatBoxId, uploader: upload.uploader, name: upload.name });
  try {
    const hash = createHash('sha256');
    let size = 0;
    async function* counted(): AsyncIterable<Uint8Array> {
      for (let part = first; !part.done; part = await parts.next()) {
        size += part.value.byteLength;
        if (size > maxBytes) throw fileTooLarge(maxMb);
        hash.update(part.value);
        yield part.value;
      }
    }
    await fileBytes.write(id, 'original', counted());
    const picture = pictureTypes.has(type) ? await makePictureCopies(fileBytes, id) : undefined;
    const stored = await completeRecord(db, id, upload.chatBoxId, { type, size, sha256: hash.digest('hex'), ...picture });
    // The same content was there already: its record is answered and this upload's went, so its bytes go too.
    if (stored.id !== id)
      await fileBytes.remove([id]).catch((error: unknown) => services.log.error('An upload’s copy could not be removed:', error));
    return stored;
  } catch (error) {
    await removeFiles(db, fileBytes, [id]).catch((failed: unknown) => services.log.error('An upload could not be removed:', failed));
    throw error;
  }
}
