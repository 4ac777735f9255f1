import { describe, expect, it } from 'vitest';
import { isActiveRole, isEmployee, isGuest, isGuestMode } from './roles.ts';
import { isProductOfferedOnHome, isPublishedFor } from './visibility.ts';

describe('roles: employee is owner or member with no previous role, guest any other', () => {
  it('an employee is an owner or member with no previous role', () => {
    expect(isEmployee({ role: 'owner' })).toBe(true);
    expect(isEmployee({ role: 'member', prevRole: null })).toBe(true);
    expect(isEmployee({ role: 'guest' })).toBe(false);
    expect(isEmployee({ role: 'owner', prevRole: 'owner' })).toBe(false);
  });
  it('guest mode is a previous role with the current role guest', () => {
    expect(isGuestMode({ role: 'guest', prevRole: 'owner' })).toBe(true);
    expect(isGuestMode({ role: 'guest' })).toBe(false);
    expect(isGuest({ role: 'guest', prevRole: 'member' })).toBe(true);
  });
  it('any other role behaves like guest; left and disabled are inactive', () => {
    expect(isGuest({ role: 'contractor' })).toBe(true);
    expect(isActiveRole('left')).toBe(false);
    expect(isActiveRole('disabled')).toBe(false);
    expect(isActiveRole('guest')).toBe(true);
  });
});

describe('publish levels', () => {
  const table: Array<[string, 'admin' | 'internal' | 'all', boolean]> = [
    ['owner', 'admin', true], ['owner', 'internal', true], ['owner', 'all', true],
    ['member', 'admin', false], ['member', 'internal', true], ['member', 'all', true],
    ['guest', 'admin', false], ['guest', 'internal', false], ['guest', 'all', true],
    ['contractor', 'internal', false], ['contractor', 'all', true],
  ];
  it.each(table)('%s sees %s: %s', (role, level, expected) => {
    expect(isPublishedFor(level, role)).toBe(expected);
  });
  it('archived products are hidden from everyone on the home page', () => {
    expect(isProductOfferedOnHome({ archived: 1, publishLevel: 'all' }, 'owner')).toBe(false);
    expect(isProductOfferedOnHome({ archived: 0, publishLevel: 'all' }, 'guest')).toBe(true);
    expect(isProductOfferedOnHome({ archived: 0, publishLevel: null }, 'guest')).toBe(true);
  });
});
