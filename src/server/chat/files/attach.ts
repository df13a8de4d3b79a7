/**
 * The files a message is sent with: each must be a complete file of the chat box that the sender may see (a contact
 * cannot attach what only internal notes carry), and the message shows each as the server stored it, with the name
 * and caption the sender gave.
 */
import type { Participant } from '../../../lib/api/chat.ts';
import type { AttachFile, MessageFile } from '../../../lib/api/files.ts';
import type { Queryable } from '../../db/database.ts';
import { ApiError } from '../../errors.ts';
import { visibleFiles } from './records.ts';

export async function filesToAttach(
  db: Queryable,
  chatBoxId: string,
  sender: Participant,
  files: readonly AttachFile[],
): Promise<MessageFile[]> {
  if (!files.length) return [];
  const found = new Map(
    (
      await visibleFiles(
        db,
        chatBoxId,
        sender.kind,
        files.map((file) => file.id),
      )
    ).map((file) => [file.id, file]),
  );
  return files.map(({ id, name, caption }) => {
    const stored = found.get(id);
    if (!stored) throw new ApiError(404, 'not_found', 'A file of this message was not uploaded, or no longer exists. Upload it again.');
    const { uploaderKind: _, ...file } = stored;
    return { ...file, name, ...(caption && { caption }) };
  });
}
