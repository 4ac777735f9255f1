import { describe, expect, it } from 'vitest';
import { parseProductLinks } from './links.ts';

describe('product links from lines of "url,label"', () => {
  it('makes http and https lines links with their label (the address when there is none)', () => {
    expect(parseProductLinks('https://example.com/spec.pdf,Spec sheet\nhttp://example.com/install\n\n')).toEqual([
      { kind: 'link', href: 'https://example.com/spec.pdf', label: 'Spec sheet' },
      { kind: 'link', href: 'http://example.com/install', label: 'http://example.com/install' },
    ]);
  });
  it('shows other schemes and non-addresses as text, never as links', () => {
    expect(parseProductLinks(['javascript:alert(1),Click me', 'data:text/html,<b>x</b>', 'ftp://files.example.com,Files', 'Call us, 555-0100'])).toEqual([
      { kind: 'text', text: 'javascript:alert(1),Click me' },
      { kind: 'text', text: 'data:text/html,<b>x</b>' },
      { kind: 'text', text: 'ftp://files.example.com,Files' },
      { kind: 'text', text: 'Call us, 555-0100' },
    ]);
  });
  it('keeps commas inside the label', () => {
    expect(parseProductLinks('https://example.com,Finishes, colours and care')).toEqual([{ kind: 'link', href: 'https://example.com/', label: 'Finishes, colours and care' }]);
  });
  it('gives nothing for missing links', () => {
    expect(parseProductLinks(null)).toEqual([]);
    expect(parseProductLinks({})).toEqual([]);
  });
});
