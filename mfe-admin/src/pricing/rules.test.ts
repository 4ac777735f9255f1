import { describe, expect, it } from 'vitest';
import { ruleTitle, versionsNewestFirst } from './rules.ts';

describe('pricing rule list title', () => {
  it('is the title, else the name, else Untitled Rule', () => {
    expect(ruleTitle({ title: 'Keypads', name: 'kp' })).toBe('Keypads');
    expect(ruleTitle({ title: null, name: 'kp' })).toBe('kp');
    expect(ruleTitle({ title: '  ', name: '' })).toBe('Untitled Rule');
    expect(ruleTitle({})).toBe('Untitled Rule');
  });
});

describe('versions', () => {
  it('are listed by created date, newest first', () => {
    const v = (created: string) => ({ created, expressions: [] });
    const list = versionsNewestFirst({ '1': v('2026-11-23 10:00:00'), '2': v('2025-06-01'), '3': v('2027-01-01 00:00:00'), '4': v('2025-06-01 00:00:00') });
    // 2 and 4 have the same moment: the higher key first.
    expect(list.map((x) => x.key)).toEqual(['3', '1', '4', '2']);
  });
});
