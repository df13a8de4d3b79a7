/** The largest file the server takes (ATTACHMENT_MAX_MB, from the page's settings), so the composer refuses it first. */
import { atom } from 'nanostores';

export const $attachmentMaxBytes = atom(25 * 1024 * 1024);
