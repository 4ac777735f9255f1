import { describe, expect, it } from 'vitest';
import type { ShareeCandidate } from '../schemas/sharing.ts';
import { isValidEmail, shareeSuggestions, type SuggestionContext } from './suggestions.ts';

const person = (userId: number, firstName: string, lastName: string, email: string, orgRole = 'guest'): ShareeCandidate => ({ userId, firstName, lastName, email, orgRole });
const PEOPLE = [
  person(1, 'Eleanor', 'Whitcombe', 'owner-850@demo.test', 'owner'),
  person(2, 'Marcus', 'Hale', 'member-850@demo.test', 'member'),
  person(3, 'Priya', 'Raman', 'guest-850@demo.test'),
  person(4, 'Aaron', 'Mills', 'aaron@client.test'),
  person(5, 'Lena', 'Moritz', 'lena@client.test', 'left'),
  person(6, 'Zoe', 'Marsh', 'zoe@client.test', 'disabled'),
  person(7, 'Ada', 'Marlow', 'ada@studio.test', 'member'),
];
const ctx = (over: Partial<SuggestionContext> = {}): SuggestionContext => ({ currentUserId: 3, ownerId: 1, involvedUserIds: new Set(), pendingEmails: new Set(), ...over });
const labels = (term: string, c = ctx()) => shareeSuggestions(term, PEOPLE, c).map((s) => s.label);

describe('sharee suggestions', () => {
  it('matches name or email without regard to case; members before others, then by name', () => {
    expect(labels('MA')).toEqual(['Ada Marlow (ada@studio.test)', 'Marcus Hale (member-850@demo.test)']);
    expect(labels('client.TEST')).toEqual(['Aaron Mills (aaron@client.test)']);
  });

  it('leaves out the owner, the current user, people involved or pending, and people who left or are disabled', () => {
    expect(labels('demo.test')).toEqual(['Marcus Hale (member-850@demo.test)']);
    expect(labels('demo.test', ctx({ involvedUserIds: new Set([2]) }))).toEqual(['Please enter a valid collaborator or email']);
    expect(labels('aaron', ctx({ pendingEmails: new Set(['aaron@client.test']) }))).toEqual(['Please enter a valid collaborator or email']);
    expect(labels('lena')).toEqual(['Please enter a valid collaborator or email']);
    expect(labels('zoe@client.test')).toEqual([]);
  });

  it('offers a valid email nobody has, quoted as typed', () => {
    expect(labels(' New.Person@Example.com ')).toEqual(['"New.Person@Example.com" (valid email)']);
    expect(shareeSuggestions('new.person@example.com', PEOPLE, ctx())[0]).toEqual({ kind: 'email', email: 'new.person@example.com', label: '"new.person@example.com" (valid email)' });
    // Someone's email is offered as that person, not as a new address.
    expect(labels('aaron@client.test')).toEqual(['Aaron Mills (aaron@client.test)']);
    expect(labels('x@y.test', ctx({ pendingEmails: new Set(['x@y.test']) }))).toEqual([]);
  });

  it('says a term that is neither a person nor an email is not valid, and offers nothing for nothing typed', () => {
    expect(labels('qqq')).toEqual(['Please enter a valid collaborator or email']);
    expect(labels('someone@nowhere')).toEqual(['Please enter a valid collaborator or email']);
    expect(labels('   ')).toEqual([]);
  });

  it('knows an email when it sees one', () => {
    for (const ok of ['a@b.co', 'first.last+tag@sub.example.org']) expect(isValidEmail(ok)).toBe(true);
    for (const bad of ['a@b', 'a b@c.de', '@c.de', 'a@', 'plain']) expect(isValidEmail(bad)).toBe(false);
  });
});
