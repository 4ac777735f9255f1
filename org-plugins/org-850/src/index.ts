import { definePlugin, type HomeLink } from '@cpq/plugin-sdk';
import { costs } from './costs.ts';
import { instanceValidators } from './validators.ts';
import { optionFilters } from './optionFilters.ts';
import { ordersList } from './ordersList.ts';
import { optionAlerts } from './optionAlerts.ts';
import { drawings } from './drawings.ts';

const site = 'https://www.lumenandbrass.example';

const resourceLinks: HomeLink[] = [
  { label: 'Price List (PDF)', href: `${site}/resources/price-list.pdf` },
  { label: 'Product Information', href: `${site}/products` },
  { label: 'Installation Resources', href: `${site}/installation` },
  { label: 'Digital Catalogs', href: `${site}/catalogs` },
  { label: 'Finish Options', href: `${site}/finishes` },
  { label: 'Sample Requests', href: `${site}/samples` },
  { label: 'Image Gallery', href: `${site}/gallery` },
  { label: 'FAQs', href: `${site}/faq` },
  { label: 'Feedback & Support', href: `${site}/support` },
];

export default definePlugin({
  orgId: 850,
  compatibility: [1],
  rules: {
    wording: { order: 'quote', orders: 'quotes' },
    home: {
      greeting: (orgTitle) => `Welcome to the ${orgTitle} Client Portal`,
      sections: [
        {
          title: 'Purchase Stocked Items',
          tiles: [
            { categoryId: 5, action: 'createOrder', isStocked: true },
            { categoryId: 6, action: 'createOrder', isStocked: true },
          ],
        },
        {
          title: 'Configure | Price | Quote',
          tiles: [1, 2, 3, 4, 13].map((categoryId) => ({ categoryId, action: 'chooseProduct' as const })),
        },
        { title: 'Resources', links: resourceLinks },
      ],
    },
    orderSettings: { advancedPricingFields: true, employeeOnlyFields: ['trackingNumber', 'estimatedShippingDate'] },
    // Filled by the browser-only ./ui expose (src/ui/index.ts).
    ui: { slots: ['orderPage.actions'] },
    ordersList,
    catalogue: { optionFilters },
    validation: { instanceValidators, optionAlerts },
    costs,
    drawings,
    // Shipped orders may wait for their balance; tax is not looked up for California and New York.
    // The factory sheet's drawings are to scale; stocked back-box orders keep their discount visible.
    documents: { scaleNoteModes: ['factory'], discountToggleExcludedCategoryIds: [5], orderPageLinks: { viewQuote: true, viewInvoice: true } },
    orderStatus: { shippedWithoutFinalPayment: true, paymentRequiresContactEmail: true, updateIntentOnMethodChange: true, taxSkippedStates: ['CA', 'NY'] },
  },
});
