/**
 * Who a contact is talking to, above their conversation: the organisation's name and the staff who answer there,
 * with their pictures or initials (the server's choice: the assignee, then who wrote, lib/api/sessions.ts's team).
 */
import type { OrganizationUser } from '../../lib/api/sessions.ts';
import { nameList } from '../../lib/i18n/nameList.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';
import Avatar from './Avatar.tsx';

export default function TeamLine({ lang, t, team }: { lang: Lang; t: Translate; team: OrganizationUser[] | undefined }) {
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
      </p>
    </div>
  );
}
