import { describe, expect, it } from 'vitest';
import type { OrgMembership } from '@cpq/domain';
import type { PluginRules } from '@cpq/plugin-sdk';
import { strongAccentOf, themeProperties } from './theme.ts';

const org = (designEngine: OrgMembership['appData']['designEngine']): OrgMembership =>
  ({ id: 1, title: 'Org', role: 'owner', appData: { designEngine } }) as OrgMembership;
const rules = (theme: PluginRules['theme']) => ({ theme }) as PluginRules;

describe('themeProperties', () => {
  it('defaults the accent to black and leaves fonts to the tokens', () => {
    const p = themeProperties(org({}), rules({}));
    expect(p['--accent']).toBe('#000000');
    expect(p['--accent-contrast']).toBe('#ffffff');
    expect(p['--font-family']).toBeNull();
    expect(p['--font-size']).toBeNull();
  });

  it("uses the organisation's accent and font settings", () => {
    const p = themeProperties(org({ accentColor: '#f5e663', ui: { fontFamily: 'Georgia, serif', fontSize: 13 } }), rules({}));
    expect(p['--accent']).toBe('#f5e663');
    expect(p['--accent-contrast']).toBe('#111111');
    expect(p['--font-family']).toMatch(/^Georgia, serif, /);
    expect(p['--font-size']).toBe('13px');
  });

  it("lets the plugin's forced font win (1053: DIN 14px normal)", () => {
    const p = themeProperties(
      org({ ui: { fontFamily: 'Arial', fontSize: 18 } }),
      rules({ forcedFont: { family: 'DIN', sizePx: 14, weight: 'normal' } }),
    );
    expect(p['--font-family']).toMatch(/^'DIN', /);
    expect(p['--font-size']).toBe('14px');
    expect(p['--font-weight']).toBe('normal');
  });
});

describe('controls and focus rings take the accent (decision 0096)', () => {
  it('uses the accent where it stands out from a white page', () => {
    expect(themeProperties(org({ accentColor: '#8a6d3b' }), rules({}))['--accent-strong']).toBe('#8a6d3b');
    expect(strongAccentOf('#2f5d50')).toBe('#2f5d50');
  });

  it('uses near-black for a pale accent a control outline would vanish in (under 3:1 on white)', () => {
    expect(strongAccentOf('#f5e663')).toBe('#1d1f23');
    expect(strongAccentOf('#ffffff')).toBe('#1d1f23');
    // #949494 is just over 3:1 on white, #999999 just under.
    expect(strongAccentOf('#949494')).toBe('#949494');
    expect(strongAccentOf('#999999')).toBe('#1d1f23');
  });
});
