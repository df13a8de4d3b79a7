/**
 * "Assign to" a colleague chosen from the organisation's staff: the open conversation's toolbar and the inbox's bulk
 * bar both offer it. The choice clears once the assignment went through and stays to try again when it did not.
 */
import { useId, useState } from 'react';
import { displayName } from '../../lib/chat/assignment.ts';
import type { StaffRecord } from '../../lib/api/staff.ts';
import type { Translate } from '../../lib/i18n/translate.ts';

interface Props {
  t: Translate;
  /** Everyone but the signed-in member, in the order to offer them. */
  colleagues: readonly StaffRecord[];
  busy: boolean;
  className: string;
  /** The label is heard, not shown (the bulk bar, where the select's first option says it). */
  quietLabel?: boolean;
  /** Resolves true once assigned. */
  assign: (email: string) => Promise<boolean>;
}

export default function ColleagueSelect({ t, colleagues, busy, className, quietLabel = false, assign }: Props) {
  const id = useId();
  const [choice, setChoice] = useState('');
  if (!colleagues.length) return null;
  return (
    <form
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        if (choice) void assign(choice).then((ok) => ok && setChoice(''));
      }}
    >
      <label htmlFor={id} className={quietLabel ? 'sr-only' : undefined}>
        {t('staffTools.assignTo')}
      </label>
      <select id={id} value={choice} onChange={(event) => setChoice(event.currentTarget.value)}>
        <option value="">{t('staffTools.chooseColleague')}</option>
        {colleagues.map((person) => (
          <option key={person.email} value={person.email}>
            {displayName(person)}
          </option>
        ))}
      </select>
      <button type="submit" className="button secondary" disabled={busy || !choice}>
        {t('staffTools.assign')}
      </button>
    </form>
  );
}
