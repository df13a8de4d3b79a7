/**
 * The lists every conversation of the workspace shares: the organisation's tags, its staff and its saved replies. Read once while the
 * workspace shows, however many conversations open (each toolbar and the inbox's filter and bulk bar read the same),
 * read anew when something says they changed, and forgotten when nothing shows them any more (pages swap without a
 * reload: back from the staff page, where tags and staff change, they are read again). Staff-only lists, so a staff
 * page's calls pass their read in.
 */
import { atom, onMount } from 'nanostores';
import type { Tag } from '../lib/api/chat.ts';
import type { SavedReply } from '../lib/api/savedReplies.ts';
import type { StaffRecord } from '../lib/api/staff.ts';

function sharedList<T>() {
  const $list = atom<T[] | undefined>(undefined);
  let reading: Promise<T[]> | undefined;
  const forget = () => {
    reading = undefined;
    $list.set(undefined);
  };
  onMount($list, () => forget);
  return {
    /** Undefined until first read. */
    $list,
    /** Reads the list unless it has been read or is being read; `again` reads it anew. A failed read rejects and
     * leaves the list as it was, to try again on the next call. */
    load(read: () => Promise<T[]>, again = false): Promise<T[]> {
      const known = $list.get();
      if (reading && !again) return reading;
      if (known && !again) return Promise.resolve(known);
      const started = read().then((list) => {
        if (reading === started) $list.set(list);
        return list;
      });
      reading = started;
      started.then(
        () => reading === started && (reading = undefined),
        () => reading === started && (reading = undefined),
      );
      return started;
    },
    forget,
  };
}

export const tagList = sharedList<Tag>();
export const staffList = sharedList<StaffRecord>();
/** Read when a composer first opens its list of saved replies. */
export const savedReplyList = sharedList<SavedReply>();
