import type { OrgMembership } from '@cpq/domain';
import type { PluginRules } from '@cpq/plugin-sdk';

const SYSTEM_FONTS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const DEFAULT_ACCENT = '#000000';

function quoteFamily(family: string): string {
  // "DIN" -> "'DIN', system..." ; a list such as "Inter, sans-serif" is kept as written.
  const first = family.includes(',') || /^['"]/.test(family) ? family : `'${family.replace(/'/g, '')}'`;
  return `${first}, ${SYSTEM_FONTS}`;
}

/** Black or white text, whichever reads better on the accent colour. */
function contrastOf(color: string): string {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(color.trim());
  if (!m) return '#ffffff';
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return lum > 0.6 ? '#111111' : '#ffffff';
}

const FALLBACK_STRONG = '#1d1f23';

/** WCAG contrast ratio of a colour against white. */
function contrastWithWhite(color: string): number {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(color.trim());
  if (!m) return 1;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
}

/**
 * The accent for controls and focus rings (checkboxes, radios, the focus outline): the accent itself
 * when it stands out from a white page (3:1, as a control's outline must), else near-black.
 */
export function strongAccentOf(accent: string): string {
  return contrastWithWhite(accent) >= 3 ? accent : FALLBACK_STRONG;
}

/** The organisation theme (accent colour, font family and size from its settings) as CSS custom properties; null means "use the token default". */
export function themeProperties(org: OrgMembership | null, rules: PluginRules | null): Record<string, string | null> {
  const settings = org?.appData.designEngine;
  const accent = settings?.accentColor || DEFAULT_ACCENT;
  const forced = rules?.theme.forcedFont;
  const family = forced?.family ?? settings?.ui?.fontFamily;
  const size = forced?.sizePx ?? settings?.ui?.fontSize;
  return {
    '--accent': accent,
    '--accent-contrast': contrastOf(accent),
    '--accent-strong': strongAccentOf(accent),
    '--font-family': family ? quoteFamily(family) : null,
    '--font-size': size ? `${size}px` : null,
    '--font-weight': forced ? forced.weight : null,
  };
}

/** Applies the organisation theme to <html>. */
export function applyTheme(org: OrgMembership | null, rules: PluginRules | null): void {
  const style = document.documentElement.style;
  for (const [name, value] of Object.entries(themeProperties(org, rules))) {
    if (value === null) style.removeProperty(name);
    else style.setProperty(name, value);
  }
}

/** Only the accent (the sign-in page of a known organisation, before its settings are known): null goes back to the default. */
export function applyAccent(accent: string | null): void {
  const style = document.documentElement.style;
  const color = accent || DEFAULT_ACCENT;
  style.setProperty('--accent', color);
  style.setProperty('--accent-contrast', contrastOf(color));
  style.setProperty('--accent-strong', strongAccentOf(color));
}
