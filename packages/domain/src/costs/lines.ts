import { formatCents } from '../pricing/money.ts';
import type { Costs } from '../schemas/productOrder.ts';

/** One line of a price summary (order page, printed documents). */
export interface CostLine {
  key: 'subtotal' | 'discount' | 'shipping' | 'tax' | 'tariff' | 'total' | 'deposit';
  label: string;
  /** What is shown: "$1,234.56", "-$10.00", "TBD". */
  text: string;
  /** The amount in cents (0 for TBD). */
  cents: number;
  emphasis?: boolean;
}

function pctLabel(p: number): string {
  return `${Number(p.toFixed(2))}%`;
}

/** "Guest discount (10%)" when the owner's guest discount applies; the order's own is "Discount". */
export function discountLabel(costs: Costs): string {
  if (costs.discountSource !== 'guest') return 'Discount';
  return typeof costs.appliedDiscountPercentage === 'number' ? `Guest discount (${pctLabel(costs.appliedDiscountPercentage)})` : 'Guest discount';
}

/** The price summary lines from the order's costs: discount and tariff only when there are any. */
export function costLines(costs: Costs): CostLine[] {
  const out: CostLine[] = [{ key: 'subtotal', label: 'Subtotal', text: formatCents(costs.orderSubTotal), cents: costs.orderSubTotal }];
  if (costs.discount > 0) out.push({ key: 'discount', label: discountLabel(costs), text: `-${formatCents(costs.discount)}`, cents: -costs.discount });
  out.push({ key: 'shipping', label: 'Shipping', text: costs.shippingIsTbd ? 'TBD' : formatCents(costs.shipping), cents: costs.shippingIsTbd ? 0 : costs.shipping });
  out.push({ key: 'tax', label: 'Tax', text: formatCents(costs.tax), cents: costs.tax });
  if (costs.tariff > 0) out.push({ key: 'tariff', label: 'Tariff', text: formatCents(costs.tariff), cents: costs.tariff });
  out.push({ key: 'total', label: 'Total', text: formatCents(costs.orderTotal), cents: costs.orderTotal, emphasis: true });
  out.push({ key: 'deposit', label: `Deposit (${pctLabel(costs.depositPercentage)})`, text: formatCents(costs.depositAmount), cents: costs.depositAmount });
  return out;
}
