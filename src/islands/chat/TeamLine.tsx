/**
 * Who a contact is talking to, above their conversation: the organisation's name and the staff who answer there,
 * with their pictures or initials (the server's choice: the assignee, then who wrote, lib/api/sessions.ts's team),
 * and, when the organisation set office hours, how soon it replies or when it is back.
 */
import type { OrganizationUser, TeamHours } from '../../lib/api/sessions.ts';
import { nameList } from '../../lib/i18n/nameList.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import Avatar from './Avatar.tsx';
import { hoursText } from './officeHoursText.ts';

interface Props {
  lang: Lang;
  t: Translate;
  team: OrganizationUser[] | undefined;
  /** The office hours, when set: replying within a time, or away until an opening. */
  hours: TeamHours | null | undefined;
}

export default function TeamLine({ lang, t, team, hours }: Props) {
  const named = team?.filter((member) => member.name) ?? [];
  const names = nameList(
    lang,
    named.map((member) => member.name),
  );
  return (
    <div className="chat-team">
      {named.length > 0 && (
        <span className="chat-team-faces">
          {named.map((member) => (
            <Avatar key={member.uid} name={member.name} url={member.avatarUrl} />
          ))}
        </span>
      )}
      <p className="chat-team-text">
        <strong>{t('chat.team.title', { organisation: t('site.name') })}</strong>
        {named.length > 0 && <span className="muted">{t('chat.team.people', { count: named.length, names })}</span>}
        {hours && <span className="chat-team-hours">{hoursText(hours, lang, t)}</span>}
      </p>
    </div>
  );
}
