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
