import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startTestApp, type TestApp } from './helpers.ts';

/**
 * An organisation's public brand (docs/decisions/0095-brand-titles-and-quote-terms.md), from the
 * rule: anyone may read an organisation's name, logo, tab icon and accent colour, signed in or not,
 * and nothing else of it; an unknown organisation is a 404 with a sentence, a malformed one a 400.
 */
const PUBLIC_KEYS = ['accentColor', 'faviconUrl', 'id', 'logoUrl', 'title'];

describe.each(databases)('public brand on $name', (dbCase) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(dbCase);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a signed-out visitor with the name, logo, icon and accent only', async () => {
    const res = await t.client().get('/api/brand/850');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(PUBLIC_KEYS);
    expect(res.body.data).toMatchObject({ id: 850, title: 'Lumen & Brass', accentColor: '#8a6d3b' });
    expect(res.body.data.logoUrl).toMatch(/^data:image\/svg\+xml,/);
    expect(res.body.data.faviconUrl).toMatch(/^data:image\/svg\+xml,/);
    // Nothing of the settings beyond the brand: no payment details, statuses, terms or contacts.
    const text = JSON.stringify(res.body);
    for (const secret of ['accountNumber', 'routingNumber', 'paymentMethods', 'productOrderStatuses', 'depositPercentage', 'quoteTerms', 'ordersContactEmail', 'role']) {
      expect(text).not.toContain(secret);
    }
  });

  it('gives each organisation its own icon', async () => {
    const a = await t.client().get('/api/brand/850');
    const b = await t.client().get('/api/brand/1053');
    expect(b.body.data.title).toBe('Nordvik Millwork');
    expect(b.body.data.faviconUrl).not.toBe(a.body.data.faviconUrl);
  });

  it('answers a signed-in member of another organisation the same', async () => {
    const other = await t.as('owner-1053@demo.test');
    const res = await other.get('/api/brand/850');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(PUBLIC_KEYS);
  });

  it('answers an unknown organisation with 404 and a sentence', async () => {
    const res = await t.client().get('/api/brand/999999');
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('We could not find this organisation. Check the address you were given, or sign in to choose yours.');
  });

  it('refuses an address that names no organisation number', async () => {
    for (const bad of ['abc', '0', '12345678901', '850.5']) {
      const res = await t.client().get(`/api/brand/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.message).toBe('An organisation is named by its number, for example /api/brand/850.');
    }
  });
});
