/**
 * What staff resolving a conversation causes besides its status, written in the same transaction (so it happens
 * exactly when the change does): the contact is asked how it was (unless the organisation turned that off), and
 * gets a copy of it when the organisation sends one.
 */
import type { Queryable } from '../db/database.ts';
import type { Services } from '../services.ts';
import { readSettings } from '../staff/settings.ts';
import { askForRating, dropUnanswered } from './ratings.ts';
import { enqueueTranscript } from './transcript.ts';

export function whenResolved(services: Services, chatBoxId: string, by: string | null) {
  return async (tx: Queryable): Promise<{ askRating?: true }> => {
    const settings = await readSettings(tx);
    if (services.mail && settings.transcriptOnResolve)
      await enqueueTranscript(tx, { ...services, mail: services.mail }, chatBoxId, 'resolved');
    await dropUnanswered(tx, chatBoxId);
    return settings.askForRating && (await askForRating(tx, chatBoxId, by)) ? { askRating: true } : {};
  };
}
