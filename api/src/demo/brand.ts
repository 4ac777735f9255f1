/**
 * The demo organisations' logos and tab icons, drawn here as small SVG images (kept in their
 * settings as data addresses, so they need no file store), and the terms their quotes print.
 */
import type { OrgDesignEngineSettings } from '@cpq/domain';

interface BrandSeed {
  id: number;
  title: string;
  designEngine: Pick<OrgDesignEngineSettings, 'accentColor'>;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const dataUrl = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`;

/** "Lumen & Brass" -> "LB": the first letters of the first two words. */
export function initialsOf(title: string): string {
  return (
    title
      .split(/\s+/)
      .filter((w) => /^[A-Za-z]/.test(w))
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?'
  );
}

/** The mark: the initials on a rounded square in the organisation's colour. */
function mark(initials: string, accent: string, x: number, size: number): string {
  const font = Math.round(size * (initials.length > 1 ? 0.42 : 0.55));
  return (
    `<rect x="${x}" y="0" width="${size}" height="${size}" rx="${Math.round(size / 5)}" fill="${accent}"/>` +
    `<text x="${x + size / 2}" y="${size / 2}" dy="0.35em" text-anchor="middle" font-family="Georgia, serif" font-weight="700" font-size="${font}" fill="#ffffff">${escapeXml(initials)}</text>`
  );
}

/** The logo: the mark and the organisation's name beside it. */
export function drawLogo(title: string, accent: string): string {
  const width = 56 + Math.round(title.length * 11.5);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="44" viewBox="0 0 ${width} 44">` +
    mark(initialsOf(title), accent, 0, 44) +
    `<text x="56" y="22" dy="0.35em" font-family="Georgia, serif" font-size="20" font-weight="700" fill="#1f1f1f">${escapeXml(title)}</text>` +
    `</svg>`;
  return dataUrl(svg);
}

/** The tab icon: the mark alone. */
export function drawFavicon(title: string, accent: string): string {
  return dataUrl(`<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">${mark(initialsOf(title), accent, 0, 64)}</svg>`);
}

/** Terms of sale printed under the demo organisations' quotes (Lumen & Brass's are the ones its documents name). */
const TERMS: Record<number, { validityDays: number; terms: string[] }> = {
  850: {
    validityDays: 30,
    terms: [
      'A 50% deposit starts production of made-to-order items; stocked items are paid in full (100%).',
      'Changes are accepted within 48 hours of the order; prices may rise with 15 days’ notice.',
      'Finished orders are stored free for 2 weeks, then $250 per week.',
      'A balance unpaid 18 weeks after the order means the deposit is retained.',
      'Report any issue within 14 days of delivery.',
      'Back boxes may be returned within 30 days, with a 25% restocking fee.',
      'Every product carries a 24-month warranty. Stock items ship within 3 business days.',
    ],
  },
  1053: {
    validityDays: 14,
    terms: ['A 30% payment confirms the order and books its place in the workshop.', 'Veneers are natural: grain and colour vary from the samples.'],
  },
};

/** What the seed adds to an organisation's settings: its logo and tab icon, and its quote terms where it has any. */
export function demoBrand(org: BrandSeed): Pick<OrgDesignEngineSettings, 'logoUrl' | 'faviconUrl' | 'quoteValidityDays' | 'quoteTerms'> {
  const accent = org.designEngine.accentColor ?? '#333333';
  const terms = TERMS[org.id];
  return {
    logoUrl: drawLogo(org.title, accent),
    faviconUrl: drawFavicon(org.title, accent),
    ...(terms ? { quoteValidityDays: terms.validityDays, quoteTerms: terms.terms } : {}),
  };
}
