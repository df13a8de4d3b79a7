/** When a snooze the staff member picks from the menu ends, in their own time zone. */
export const snoozeChoices = ['hour', 'tomorrow', 'nextWeek'] as const;
export type SnoozeChoice = (typeof snoozeChoices)[number];

const morningHour = 9;

export function snoozeEnd(choice: SnoozeChoice, now = new Date()): Date {
  if (choice === 'hour') return new Date(now.getTime() + 3600_000);
  const end = new Date(now);
  end.setHours(morningHour, 0, 0, 0);
  if (choice === 'tomorrow') end.setDate(end.getDate() + 1);
  // Next week: the coming Monday morning (a week on, when today is Monday).
  else end.setDate(end.getDate() + ((8 - end.getDay()) % 7 || 7));
  return end;
}

/** A `datetime-local` field's value (local time, no zone) as a moment; undefined when empty or not a time to come. */
export function pickedEnd(value: string, now = new Date()): Date | undefined {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value)) return undefined;
  const end = new Date(value);
  return Number.isNaN(end.getTime()) || end <= now ? undefined : end;
}
