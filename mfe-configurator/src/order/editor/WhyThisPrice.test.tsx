// @vitest-environment jsdom
/**
 * "Why this price" reads as a sale for everyone; the engine's trace is for employees, behind
 * "Show technical detail". Prices from the rule below: base 19900, finish 4500, 5 % off for 10 or more:
 * (19900 + 4500) × 0.95 = 23180 a unit, × 12 = 278160.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeCatalogue, makeInstance, makeOption, makePricingRule, makeProduct, makeProperty } from '@cpq/test-utils';
import { priceInstance, type PricingExpression } from '@cpq/domain';
import { WhyThisPrice } from './Cart.tsx';

const expressions = [
  { type: 'fixed', props: { value: 19900 }, operator: '+', description: 'Keypad base' },
  { type: 'productPropertyPrice', props: { productPropertyId: 7 }, operator: '+', description: 'Mechanism finish' },
  { type: 'fixed', props: { value: 500 }, operator: '+', description: 'Matched finish upcharge', condition: { operator: 'and', conditions: [{ actual: { type: 'optionId', productPropertyId: 7 }, expected: 25 }] } },
  {
    type: 'group',
    operator: '*',
    description: 'Volume discount for 10 or more',
    props: { expressions: [{ type: 'fixed', props: { value: 95 }, operator: '+' }, { type: 'fixed', props: { value: 100 }, operator: '/' }] },
    condition: { operator: 'and', conditions: [{ actual: { type: 'quantity' }, operator: '>=', expected: 10 }] },
  },
] as PricingExpression[];

const catalogue = makeCatalogue({
  products: [makeProduct({ id: 1, productPricingRuleId: 1 })],
  productProperties: [makeProperty({ id: 7, title: 'Mechanism Finish' })],
  productOptions: [makeOption({ id: 24, productPropertyId: 7, title: 'Matched Antique Bronze', data: { priceInCents: 4500 } })],
  productPricingRules: [makePricingRule({ id: 1, title: 'Keypad base + finish', versions: { '1': { created: '2025-01-01 00:00:00', expressions } } })],
});
const explanation = priceInstance({ instance: makeInstance({ productId: 1, quantity: 12, properties: { '7': { optionId: 24 } } }), catalogue, effectivePricingDate: '2025-06-01', explain: true }).explanation!;

async function open(employee: boolean) {
  const user = userEvent.setup();
  render(<WhyThisPrice build={() => explanation} employee={employee} />);
  await user.click(screen.getByText('Why this price'));
  return { user, why: screen.getByTestId('why-this-price') };
}
const steps = () => [...screen.getByTestId('why-steps').querySelectorAll('li')].map((li) => [...li.querySelectorAll('span')].map((s) => s.textContent).join(' | '));

afterEach(() => cleanup());

describe('Why this price', () => {
  it('an owner reads the price as a sale, with the trace closed behind "Show technical detail"', async () => {
    const { user, why } = await open(true);
    expect(steps()).toEqual(['Base price: Keypad base | $199.00', 'Mechanism finish: Matched Antique Bronze | +$45.00', 'Volume discount for 10 or more | −$12.20 (5% off)']);
    expect(screen.getByTestId('why-result').textContent).toBe('Unit price $231.80 × quantity 12 = $2,781.60.');
    // No trace wording in the sales lines.
    expect(screen.getByTestId('why-steps').textContent).not.toMatch(/fixed value|running total|skipped|fails/);
    const technical = within(why).getByTestId('why-technical') as HTMLDetailsElement;
    expect(technical.open).toBe(false);
    await user.click(within(technical).getByText('Show technical detail'));
    expect(technical.open).toBe(true);
    expect(technical.textContent).toContain('is priced by rule 1 "Keypad base + finish"');
    expect(technical.textContent).toContain('fixed value 19900');
    expect(technical.textContent).toContain('skipped');
  });

  it('a guest reads the same sale and no technical detail', async () => {
    await open(false);
    expect(steps()).toEqual(['Base price: Keypad base | $199.00', 'Mechanism finish: Matched Antique Bronze | +$45.00', 'Volume discount for 10 or more | −$12.20 (5% off)']);
    expect(screen.getByTestId('why-result').textContent).toBe('Unit price $231.80 × quantity 12 = $2,781.60.');
    expect(screen.queryByTestId('why-technical')).toBeNull();
    expect(screen.getByTestId('why-this-price').textContent).not.toMatch(/rule|fixed value|Show technical detail/);
  });
});
