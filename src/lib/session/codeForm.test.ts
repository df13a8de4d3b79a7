import { describe, expect, it } from 'vitest';
import { codeProblem, contactIdProblem, readInvitationLink, targetPath } from './codeForm.ts';

const contact = 'ct_0123456789abcdefghjk';
const chatBox = 'cb_0123456789abcdefghjk';

describe('a pasted invitation link', () => {
  it.each([
    [`https://help.example.com/en/chat/${chatBox}?cs_contactId=${contact}&cs_otp=40718263`, chatBox],
    [`/ar/chat/${chatBox}/?cs_contactId=${contact}&cs_otp=4071 8263`, chatBox],
    [`  https://help.example.com/de/chat?cs_contactId=${contact}&cs_otp=40718263\n`, 'page'],
    [`/en/chatBox/${chatBox}?cs_contactId=${contact}&cs_otp=40718263`, chatBox],
  ])('gives the id, the code and the chat box of %s', (text, target) => {
    expect(readInvitationLink(text)).toEqual({ contactId: contact, otp: '40718263', target });
  });

  it('reads a bare query, with no chat box to go to', () => {
    expect(readInvitationLink(`?cs_contactId=${contact}&cs_otp=40718263`)).toEqual({
      contactId: contact,
      otp: '40718263',
      target: undefined,
    });
  });

  it('is no link when it is a typed id or a link without the id', () => {
    expect(readInvitationLink(contact)).toBeUndefined();
    expect(readInvitationLink('https://help.example.com/en/chat?cs_otp=40718263')).toBeUndefined();
    expect(readInvitationLink('https://help.example.com/en/chat?cs_contactId=')).toBeUndefined();
  });
});

describe('the code form’s fields', () => {
  it('want an id of the contact format', () => {
    expect(contactIdProblem('  ')).toBe('missing');
    expect(contactIdProblem('hello')).toBe('invalid');
    expect(contactIdProblem(` ${contact} `)).toBeNull();
  });

  it('want 8 digits, spaces allowed', () => {
    expect(codeProblem('')).toBe('missing');
    expect(codeProblem('1234567')).toBe('invalid');
    expect(codeProblem('1234 567a')).toBe('invalid');
    expect(codeProblem('1234 5678')).toBeNull();
  });
});

describe('where a code for another chat box opens', () => {
  it('stays on the chat pages or in the widget', () => {
    expect(targetPath('/en/chat', chatBox)).toBe(`/en/chat/${chatBox}`);
    expect(targetPath(`/ar/chat/${chatBox}`, 'page')).toBe('/ar/chat');
    expect(targetPath('/en/chatBox/cb_other', chatBox)).toBe(`/en/chatBox/${chatBox}`);
  });
});
