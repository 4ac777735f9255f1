import { describe, expect, it } from 'vitest';
import type { OrgMembership } from '@cpq/domain';
import type { PluginRules } from '@cpq/plugin-sdk';
import { themeProperties } from './theme.ts';

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
