/**
 * The organisation's office hours on the staff page (admins): the weekly openings in its time zone, holidays and the
 * usual reply time (lib/api/settings.ts). Contacts are told them in their own time zone (islands/chat/TeamLine.tsx),
 * and a message written while the team is away is answered automatically once (server/chat/away.ts). Edited as one
 * form and saved together: a half-typed time is never in force.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { officeHoursLimits } from '../../lib/api/constants.ts';
import type { OfficeHours, Opening } from '../../lib/api/settings.ts';
import { ApiRequestError } from '../../lib/http/client.ts';
import { intlLocale, type Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import { apiErrorText } from '../../lib/staff/fieldIssues.ts';
import type { StaffPageApi } from '../../lib/staff/staffPageApi.ts';
import { durationLabel } from '../chat/officeHoursText.ts';
import SaveOutcome from './SaveOutcome.tsx';

/** The reply times offered, in minutes: what contacts are told to expect while the team is in. */
const replyTimes = [5, 15, 30, 60, 120, 240, 480, 1440, 2880];
const nineToFive = (): Opening[] => [{ from: '09:00', to: '17:00' }];
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const startingHours = (): OfficeHours => ({
  enabled: false,
  timeZone: browserZone(),
  week: [nineToFive(), nineToFive(), nineToFive(), nineToFive(), nineToFive(), [], []],
  holidays: [],
  replyWithinMinutes: 60,
});
// A time field cannot say 24:00: midnight as an end is 00:00 on screen.
const shownEnd = (to: string) => (to === '24:00' ? '00:00' : to);
const storedEnd = (to: string) => (to === '00:00' ? '24:00' : to);

/** Monday first, in the page's language (1 January 2024 was a Monday). */
function weekdayNames(lang: Lang): string[] {
  const format = new Intl.DateTimeFormat(intlLocale(lang), { weekday: 'long', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, day) => format.format(Date.UTC(2024, 0, 1 + day)));
}

/** The first problem of a day's openings, if any: one that ends before it starts, or two that overlap. */
function dayProblem(day: Opening[]): 'order' | 'overlap' | undefined {
  if (day.some((opening) => !opening.from || !opening.to || opening.from >= opening.to)) return 'order';
  const sorted = [...day].sort((a, b) => a.from.localeCompare(b.from));
  return sorted.some((opening, i) => i > 0 && opening.from < sorted[i - 1]!.to) ? 'overlap' : undefined;
}

/** Moves the focus once React has drawn the change (the button that had it is gone). */
const focusSoon = (elementId: string) => requestAnimationFrame(() => document.getElementById(elementId)?.focus());

interface Props {
  lang: Lang;
  t: Translate;
  api: StaffPageApi;
}

export default function OfficeHoursSettings({ lang, t, api }: Props) {
  const id = useId();
  const [loaded, setLoaded] = useState(false);
  const [hours, setHours] = useState<OfficeHours>(startingHours);
  const { enabled } = hours;
  const [holiday, setHoliday] = useState('');
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const [failed, setFailed] = useState('');
  const days = weekdayNames(lang);
  // UTC is a zone of its own, which Intl's list leaves out.
  const zones = ['UTC', ...Intl.supportedValuesOf('timeZone')];
  const problems = hours.week.map(dayProblem);

  useEffect(
    () =>
      void api.settings().then(
        (settings) => {
          if (settings.officeHours) setHours(settings.officeHours);
          setLoaded(true);
        },
        (error: unknown) => setFailed(apiErrorText(t, error instanceof ApiRequestError ? error.code : 'unknown')),
      ),
    [api],
  );

  const setDay = (index: number, day: Opening[]) => setHours({ ...hours, week: hours.week.map((other, i) => (i === index ? day : other)) });
  const setOpening = (index: number, at: number, change: Partial<Opening>) =>
    setDay(
      index,
      hours.week[index]!.map((opening, i) => (i === at ? { ...opening, ...change } : opening)),
    );

  function addHoliday() {
    if (!holiday || hours.holidays.includes(holiday) || hours.holidays.length >= officeHoursLimits.holidays) return;
    setHours({ ...hours, holidays: [...hours.holidays, holiday].sort() });
    setHoliday('');
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    setStatus('');
    setFailed('');
    if (problems.some(Boolean)) return setFailed(t('staffAdmin.hours.problems'));
    setSaving(true);
    try {
      // Turned off, the hours are kept for next time: contacts are told nothing of them.
      const saved = await api.updateSettings({ officeHours: hours });
      if (saved.officeHours) setHours(saved.officeHours);
      setStatus(t('staffAdmin.mail.saved'));
    } catch (error) {
      setFailed(apiErrorText(t, error instanceof ApiRequestError ? error.code : 'unknown'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="office-hours" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('staffAdmin.hours.title')}</h2>
      <p className="muted">{t('staffAdmin.hours.intro')}</p>
      <form onSubmit={save} noValidate>
        <p className="check">
          <input
            type="checkbox"
            id={`${id}-enabled`}
            checked={enabled}
            disabled={!loaded}
            onChange={(event) => setHours({ ...hours, enabled: event.currentTarget.checked })}
          />{' '}
          <label htmlFor={`${id}-enabled`}>{t('staffAdmin.hours.enabled')}</label>
        </p>
        {enabled && (
          <>
            <p>
              <label htmlFor={`${id}-zone`}>{t('staffAdmin.hours.timeZone')}</label>{' '}
              <select
                id={`${id}-zone`}
                value={hours.timeZone}
                onChange={(event) => setHours({ ...hours, timeZone: event.currentTarget.value })}
              >
                {(zones.includes(hours.timeZone) ? zones : [hours.timeZone, ...zones]).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </select>
            </p>
            <fieldset className="office-hours-week">
              <legend>{t('staffAdmin.hours.week')}</legend>
              {hours.week.map((day, index) => {
                const name = days[index]!;
                const problem = checked ? problems[index] : undefined;
                return (
                  <div key={index} className="office-hours-day">
                    <p className="office-hours-name" id={`${id}-day-${index}`}>
                      {name}
                    </p>
                    <ul className="office-hours-openings" aria-labelledby={`${id}-day-${index}`}>
                      {day.length === 0 && <li className="muted">{t('staffAdmin.hours.closed')}</li>}
                      {day.map((opening, at) => {
                        // Two openings on a day are told apart by their number.
                        const which = day.length > 1 ? `${name} (${at + 1})` : name;
                        return (
                          <li key={at}>
                            <input
                              type="time"
                              required
                              value={opening.from}
                              aria-label={t('staffAdmin.hours.opensOn', { day: which })}
                              aria-invalid={problem ? true : undefined}
                              aria-describedby={problem && `${id}-problem-${index}`}
                              onChange={(event) => setOpening(index, at, { from: event.currentTarget.value })}
                            />
                            {' – '}
                            <input
                              type="time"
                              required
                              value={shownEnd(opening.to)}
                              aria-label={t('staffAdmin.hours.closesOn', { day: which })}
                              aria-invalid={problem ? true : undefined}
                              aria-describedby={problem && `${id}-problem-${index}`}
                              onChange={(event) => setOpening(index, at, { to: storedEnd(event.currentTarget.value) })}
                            />{' '}
                            <button
                              type="button"
                              className="link-button"
                              aria-label={t('staffAdmin.hours.removeOn', { day: which })}
                              onClick={() => {
                                setDay(index, day.toSpliced(at, 1));
                                focusSoon(`${id}-add-${index}`);
                              }}
                            >
                              {t('staffAdmin.hours.remove')}
                            </button>
                          </li>
                        );
                      })}
                    </ul>
                    {day.length < officeHoursLimits.openingsPerDay && (
                      <button
                        type="button"
                        className="link-button"
                        id={`${id}-add-${index}`}
                        aria-label={t('staffAdmin.hours.addOn', { day: name })}
                        onClick={() => setDay(index, [...day, day.length ? { from: '13:00', to: '17:00' } : nineToFive()[0]!])}
                      >
                        {t('staffAdmin.hours.add')}
                      </button>
                    )}
                    {problem && (
                      <small className="field-error" id={`${id}-problem-${index}`}>
                        {t(problem === 'order' ? 'staffAdmin.hours.problemOrder' : 'staffAdmin.hours.problemOverlap')}
                      </small>
                    )}
                  </div>
                );
              })}
            </fieldset>
            <fieldset>
              <legend>{t('staffAdmin.hours.holidays')}</legend>
              {hours.holidays.length === 0 ? (
                <p className="muted">{t('staffAdmin.hours.noHolidays')}</p>
              ) : (
                <ul className="office-hours-holidays">
                  {hours.holidays.map((date) => {
                    const label = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'full', timeZone: 'UTC' }).format(
                      Date.parse(date),
                    );
                    return (
                      <li key={date}>
                        <time dateTime={date}>{label}</time>{' '}
                        <button
                          type="button"
                          className="link-button"
                          aria-label={t('staffAdmin.hours.removeHoliday', { date: label })}
                          onClick={() => {
                            setHours({ ...hours, holidays: hours.holidays.filter((other) => other !== date) });
                            focusSoon(`${id}-holiday`);
                          }}
                        >
                          {t('staffAdmin.hours.remove')}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
              <p>
                <label htmlFor={`${id}-holiday`}>{t('staffAdmin.hours.holidayDate')}</label>{' '}
                <input
                  type="date"
                  id={`${id}-holiday`}
                  value={holiday}
                  onChange={(event) => setHoliday(event.currentTarget.value)}
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter') return;
                    event.preventDefault();
                    addHoliday();
                  }}
                />{' '}
                <button type="button" className="button secondary" onClick={addHoliday} disabled={!holiday}>
                  {t('staffAdmin.hours.addHoliday')}
                </button>
              </p>
            </fieldset>
            <p>
              <label htmlFor={`${id}-reply`}>{t('staffAdmin.hours.replyWithin')}</label>{' '}
              <select
                id={`${id}-reply`}
                value={hours.replyWithinMinutes}
                onChange={(event) => setHours({ ...hours, replyWithinMinutes: Number(event.currentTarget.value) })}
              >
                {(replyTimes.includes(hours.replyWithinMinutes) ? replyTimes : [hours.replyWithinMinutes, ...replyTimes]).map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {durationLabel(lang, minutes)}
                  </option>
                ))}
              </select>
            </p>
          </>
        )}
        <p>
          <button type="submit" className="button" disabled={!loaded || saving}>
            {t('staffAdmin.hours.save')}
          </button>
        </p>
        <SaveOutcome status={status} failed={failed} />
      </form>
    </section>
  );
}
