import { describe, expect, it } from 'vitest';
import { inviteBody } from '../api/invitations.ts';
import { invitationBody, type InviteForm } from './invitationForm.ts';

const form: InviteForm = {
  email: ' ana@example.com ',
  name: '',
  lang: 'th',
  target: 'newChatBox',
  chatBoxId: 'cb_ignored',
  sendEmail: false,
};

describe('invitationBody', () => {
  it('makes a valid body for each target, leaving out what does not apply', () => {
    expect(invitationBody(form)).toEqual({ target: 'newChatBox', email: 'ana@example.com', lang: 'th' });
    expect(invitationBody({ ...form, target: 'page', name: ' Ana ' })).toEqual({
      target: 'page',
      email: 'ana@example.com',
      name: 'Ana',
      lang: 'th',
    });
    const id = 'cb_0123456789abcdefghjk';
    const existing = invitationBody({ ...form, target: 'chatBox', chatBoxId: ` ${id} ` });
    expect(existing).toEqual({ target: 'chatBox', chatBoxId: id, email: 'ana@example.com', lang: 'th' });
    const emailed = invitationBody({ ...form, sendEmail: true });
    expect(emailed).toMatchObject({ sendEmail: true });
    for (const body of [invitationBody(form), existing, emailed]) expect(inviteBody.safeParse(body).success).toBe(true);
  });
});
