/** Hands a JSON document to the browser as a file download (a contact's data export), without a server round trip. */
import type { ExportAudience } from '../api/contacts.ts';

/** The team's copy says so in its name, so it is not the file handed to the contact by mistake. */
export const exportFileName = (contactId: string, audience: ExportAudience) =>
  audience === 'team' ? `contact-${contactId}-with-internal-notes.json` : `contact-${contactId}.json`;

export function downloadJson(fileName: string, data: unknown): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
