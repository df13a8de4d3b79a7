/** A person's name as typed by staff (a contact's, a colleague's): trimmed, at most 200 characters, no bidi controls. */
import { z } from 'zod';
import { isStorableText, withoutBidiControls } from './constants.ts';

export const personNameSchema = z
  .string()
  .transform(withoutBidiControls)
  .pipe(z.string().trim().max(200, 'must be at most 200 characters').refine(isStorableText, 'must be text'));
