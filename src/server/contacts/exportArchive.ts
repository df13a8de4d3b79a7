/**
 * A contact's data export with their conversations' files: one zip (streamingZip.ts: made as it is read, a file at
 * a time) holding `contact-{id}.json` (dataRights.ts's document) and each file a message in it carries as
 * `files/{file id}/{name}`. The contact's copy holds the pictures staff sent as the re-encoded copy the contact saw
 * (`.webp`, no camera metadata), as a download would give them (chat/files/download.ts).
 */
import { Readable } from 'node:stream';
import type { Participant } from '../../lib/api/chat.ts';
import { exportFileName } from '../../lib/api/constants.ts';
import type { ExportAudience } from '../../lib/api/contacts.ts';
import type { FileVariant, MessageFile } from '../../lib/api/files.ts';
import { contentDisposition } from '../chat/files/download.ts';
import { FileReply } from '../http/requestAndAnswer.ts';
import type { Services } from '../services.ts';
import { streamingZip } from '../streamingZip.ts';
import { exportContact } from './dataRights.ts';

/** What a zip may name a file: no path, no leading dot (no `..`), none of the characters Windows refuses. */
export const archiveName = (name: string) => name.replace(/[\\/:*?"<>|\x00-\x1f]/g, '_').replace(/^\.+/, '_');

/** Types that are compressed already: stored as they are, rather than deflated again for nothing. */
const compressed = /^(image\/(?!svg)|application\/(pdf|zip|vnd\.openxmlformats|vnd\.oasis))/;

export async function exportArchive(
  { db, fileBytes }: Pick<Services, 'db' | 'fileBytes'>,
  contactId: string,
  audience: ExportAudience,
): Promise<FileReply> {
  const document = await exportContact(db, contactId, audience);
  const zip = streamingZip();
  zip.addBuffer(Buffer.from(JSON.stringify(document, null, 2)), `contact-${contactId}.json`);
  const files = document.chatBoxes.flatMap((box) => box.messages.flatMap((message) => message.files));
  const uploaders = new Map(
    (
      await db.query<{ id: string; uploader_kind: Participant['kind'] }>(
        `select id, uploader_kind from chat_files where id = any($1::text[])`,
        [files.map((file) => file.id)],
      )
    ).map((row) => [row.id, row.uploader_kind]),
  );
  const added = new Set<string>();
  for (const file of files) {
    const uploader = uploaders.get(file.id);
    if (!uploader) continue;
    const { variant, name } = copyFor(file, uploader, audience);
    // A file two messages carry is there once, under the first one's name.
    if (added.has(file.id)) continue;
    added.add(file.id);
    zip.addStream(`files/${file.id}/${archiveName(name)}`, () => Readable.from(fileBytes.read(file.id, variant)), {
      compress: !compressed.test(variant === 'original' ? file.type : 'image/webp'),
    });
  }
  zip.end();
  return new FileReply(zip.output, {
    'Content-Type': 'application/zip',
    'Content-Disposition': contentDisposition('attachment', exportFileName(contactId, audience)),
    'Cache-Control': 'no-store',
  });
}

/** A picture's original keeps the camera's metadata: the side that sent it has it, the contact gets staff's copies. */
function copyFor(file: MessageFile, uploader: Participant['kind'], audience: ExportAudience): { variant: FileVariant; name: string } {
  if (audience === 'contact' && uploader === 'staff' && file.width) {
    return { variant: 'display', name: file.name.replace(/\.[^.]*$/, '') + '.webp' };
  }
  return { variant: 'original', name: file.name };
}
