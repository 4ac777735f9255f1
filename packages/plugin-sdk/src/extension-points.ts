import type { CostRules, EngineHooks, InstanceValidator, OptionFilter, OrgDesignEngineSettings, StatusGuard, StatusEvent, StatusActor } from '@cpq/domain';

export type { CostRules, EngineHooks, InstanceValidator, OptionFilter };
import type { DrawingConfig } from '@cpq/drawing';
import type { UiSlotName } from './uiSlots.ts';
export type { DrawingConfig, RendererKind, DrawingUnits } from '@cpq/drawing';
export type { UiSlotName, UiSlotContext, UiSlotContexts, OrderPageActionsContext } from './uiSlots.ts';

/**
 * Extension points an organisation plugin may fill. Every point has a default in `DEFAULT_RULES`
 * (./defaults.ts); a plugin gives only what differs. Rules are isomorphic: the API imports them as a
 * plain package and the browser loads the same module through the federation runtime.
 */

/** How the organisation names its orders (e.g. quotes, projects). */
export interface Wording {
  /** Lower-case singular, e.g. "quote". */
  order: string;
  /** Lower-case plural, e.g. "quotes". */
  orders: string;
}

/** A category tile on the home page. */
export interface HomeTile {
  categoryId: number;
  /** 'createOrder' creates an order in the category at once; 'chooseProduct' opens a product dropdown. */
  action: 'createOrder' | 'chooseProduct';
  /** For 'createOrder': the new order is a stocked order. */
  isStocked?: boolean;
}

export interface HomeLink {
  label: string;
  href: string;
}

/**
 * A home page section: a title with tiles, or with external links.
 * `tiles: 'allCategories'` lists every active category of the organisation as dropdown tiles.
 */
export interface HomeSection {
  title: string;
  tiles?: readonly HomeTile[] | 'allCategories';
  links?: readonly HomeLink[];
}

export interface HomePageRules {
  /** The greeting line under "Configuration System". */
  greeting(orgTitle: string): string;
  sections: readonly HomeSection[];
  /** Maximum tiles per row (5 by default). */
  tilesPerRow: number;
}

/** A font the organisation forces whatever its theme settings say. */
export interface ForcedFont {
  family: string;
  sizePx: number;
  weight: 'normal' | 'bold';
}

export interface ThemeRules {
  forcedFont?: ForcedFont;
}

/** Which options are offered: organisation filters run after publish levels and product rules. */
export interface CatalogueRules {
  optionFilters: readonly OptionFilter[];
}

/** What an option alert sees: the item's product, the option just chosen and the organisation's settings. */
export interface OptionAlertContext {
  product: { id: number; productCategoryId: number | null };
  propertyId: number;
  optionId: number;
  orgSettings: OrgDesignEngineSettings;
}

/** A message shown when an option is chosen in the order page's option picker (e.g. 850's lead time), or null. */
export type OptionAlert = (ctx: OptionAlertContext) => string | null;

/** Item checks (red properties) and alerts shown when an option is chosen. */
export interface ValidationRules {
  instanceValidators: readonly InstanceValidator[];
  /** Read by the order page when the user chooses an option; every non-null message is shown. */
  optionAlerts: readonly OptionAlert[];
}

/**
 * Columns of the orders list, by key. The list (mfe-orders) knows how to title and render each;
 * `advanced:{key}` columns show the option titles the API gathers for an `advancedData` entry.
 */
export type OrdersColumnKey =
  | 'orderNumber'
  | 'title'
  | 'project'
  | 'accountClient'
  | 'invoiceNumber'
  | 'salesforceLink'
  | 'product'
  | 'category'
  | 'owner'
  | 'status'
  | 'items'
  | 'subtotal'
  | 'shipping'
  | 'deposit'
  | 'total'
  | 'amountPaid'
  | 'commandNumber'
  | 'commandTotal'
  | 'estimatedShippingDate'
  | 'trackingNumber'
  | 'created'
  | 'lastUpdated'
  | `advanced:${string}`;

/** A shortcut button of the orders list: sets owner all, type active, category all and a status (or the processing-payment filter). */
export interface OrdersShortcut {
  label: string;
  /** A status key of the organisation; absent for the processing-payment shortcut. */
  statusKey?: string;
  /** Status All with only orders whose payment is being processed. */
  processingPayment?: boolean;
}

/** Data the API gathers for the advanced view: per order, the titles of the options its items chose for a property. */
export interface OrdersAdvancedData {
  key: string;
  title: string;
  propertyId: number;
}

export interface OrdersListRules {
  /** Columns of the Basic view, left to right. */
  basicColumns: readonly OrdersColumnKey[];
  /** Columns of the Advanced view (offered when `employeeTools.advancedView`). */
  advancedColumns: readonly OrdersColumnKey[];
  /** Columns not shown to a guest nor in guest mode (the last columns of the row). */
  guestHiddenColumns: readonly OrdersColumnKey[];
  advancedData: readonly OrdersAdvancedData[];
  /** What employees (not in guest mode) get above the list. */
  employeeTools: {
    statusCounts: boolean;
    shortcuts: readonly OrdersShortcut[];
    advancedView: boolean;
    csvExport: boolean;
  };
}

/** What a new item starts with, before the user changes anything. */
export interface NewItemDefaults {
  title?: string;
  /** Property selections keyed by property id (as the item's `properties`). */
  properties?: Record<string, { optionId?: number | null; value?: string | number | null; text?: string[] }>;
}

export interface ItemRules {
  /**
   * Defaults of an item being added to an order (e.g. a numbered title, default sizes). `items` are the
   * order's items as they are; `product` the product chosen. Nothing by default.
   */
  newItemDefaults(input: {
    product: { id: number; productCategoryId: number | null };
    items: ReadonlyArray<{ productId: number; title: string | null; properties: Record<string, { optionId?: number | null; value?: unknown; text?: unknown }> | null }>;
  }): NewItemDefaults;
}

/** Order fields that may be hidden from non-employees in the order settings. */
export type OrderSettingsEmployeeOnlyField = 'trackingNumber' | 'estimatedShippingDate';

export interface OrderSettingsRules {
  /**
   * Employees (owner, member, not in guest mode) see the advanced pricing fields of the order
   * settings: effective pricing date, shipping, tax rate, discount, tariff surcharge, amount paid,
   * the notes and the command data. Off by default.
   */
  advancedPricingFields: boolean;
  /** Fields shown to employees only (by default everyone sees them; only employees change them). */
  employeeOnlyFields: readonly OrderSettingsEmployeeOnlyField[];
}

/**
 * Slots of the portal the organisation's browser-only `./ui` expose fills (see `@cpq/plugin-sdk/ui`).
 * Declared here, in the rules every page already has, so a page asks for `./ui` only when it has
 * something for that slot. None by default.
 */
export interface UiRules {
  slots: readonly UiSlotName[];
}

/** After a status or payment transition has been committed (mail, integrations). Failures are logged, never undo it. */
export type StatusHook = (ctx: { orgId: number; productOrderId: number; event: StatusEvent; actor: StatusActor; fromStatusKey: string | null; toStatusKey: string | null }) => void | Promise<void>;

/** The order status and payment flow of an organisation. */
export interface OrderStatusRules {
  /** Extra conditions on transitions: a sentence refuses one (409). */
  guards: readonly StatusGuard[];
  hooks: readonly StatusHook[];
  /** A shipped order with less than its total paid is shipped without final payment; the payment panel asks for the balance. */
  shippedWithoutFinalPayment: boolean;
  /** The payment panel also requires a contact email ("Contact email is required to proceed."). */
  paymentRequiresContactEmail: boolean;
  /** A card payment intent's amount is updated when the payment method changes (card upcharge on or off). */
  updateIntentOnMethodChange: boolean;
  /** Delivery states (two-letter codes) for which no sales tax is looked up. */
  taxSkippedStates: readonly string[];
}

/** What the API tells an organisation's integration hooks after a guest's data changed (admin guests page). */
export interface GuestUpdatedContext {
  orgId: number;
  userId: number;
  guest: {
    email: string;
    firstName: string;
    lastName: string;
    discount: { type: string; value: number } | null;
    disableSalesTax: boolean;
    pricingIsHidden: boolean;
    /** Per integration key, what links this guest to a record there (e.g. { monday: { itemId } }). */
    integrationsData: Record<string, unknown>;
  };
  /** Sends an event to one of the organisation's integrations through the portal's integration provider. */
  trigger(integrationKey: string, event: string, payload: Record<string, unknown>): Promise<void>;
}
export type GuestUpdatedHook = (ctx: GuestUpdatedContext) => void | Promise<void>;

/** An organisation's own synchronisation with its integrations (run on the server after the change is committed; failures are logged). */
export interface IntegrationRules {
  guestUpdated: readonly GuestUpdatedHook[];
}

/** The documents screen's modes (as in the URL and the PDF route). */
export type DocumentModeName = 'quote' | 'invoice' | 'packingSlip' | 'factory';

/** What differs per organisation on the printable documents (quote, invoice, packing slip, factory sheet). */
export interface DocumentRules {
  /**
   * Modes whose page footers carry the note that the drawing prints to scale on 11x17
   * (manufacturing) or 8.5x11. None by default.
   */
  scaleNoteModes: readonly DocumentModeName[];
  /** Orders of these product categories get no Hide/Show Discount toggle. None by default. */
  discountToggleExcludedCategoryIds: readonly number[];
  /**
   * Shortcuts among the order page's controls: View Quote opens the quote; View Invoice opens the
   * invoice once the order is past its start step. Neither by default.
   */
  orderPageLinks: { viewQuote: boolean; viewInvoice: boolean };
}

/** The printed drawings set of an organisation. */
export interface DrawingsPageRules {
  /** Paper of pages holding several drawings: ledger (11×17), or landscape letter for organisations printing on letter only. */
  paper: 'ledger' | 'letter';
  /** Each drawing lists its options with their id and title columns; off for organisations printing drawings only. */
  optionColumns: boolean;
}

/** The architectural canvas of an organisation. */
export interface SpatialRules {
  /** Orders in these product categories are spatial too (besides type arch and architectural organisations). None by default. */
  spatialCategoryIds: readonly number[];
  /** The top plan view (walls, elevations) is offered. Off by default. */
  planView: boolean;
  /**
   * Mural planning: mural entities and their tools, the Murals / Panels & Seams / Dimensions layer
   * toggles, the Panel Layout view and the four mural page types of the drawings set. Off by default.
   */
  murals: boolean;
  /** Units of the canvas's dimensions and precision control: inches by default. */
  units: 'in' | 'mm';
  /** Canvas scale (px per unit) of the plan and of custom views; null = the organisation's defaultScale setting, else 2. */
  scale: { plan: number | null; customView: number | null };
  /** Zoom limits (default 1/512 to 128). */
  zoom: { min: number; max: number };
  /** Background grid of custom views, drawn on screen and in exports and drawings (none by default). */
  grid: { size: number; strokeWidth: number; opacity: number } | null;
  /**
   * A light grid drawn on the canvas only (the plan and viewports), never exported or printed, where
   * `grid` is null: one square in the organisation's units. By default a 12 in (one foot) square.
   */
  screenGrid: { size: number; strokeWidth: number; opacity: number } | null;
  /** Size of a viewport (custom view) frame, default 1555 × 834. */
  viewportSize: { width: number; height: number };
  /** Bounds of the dimension precision control (it starts at 1 and halves or doubles): default 1/64 to 64. */
  dimensionPrecision: { min: number; max: number };
}

export interface PluginRules {
  wording: Wording;
  orderStatus: OrderStatusRules;
  orderSettings: OrderSettingsRules;
  ui: UiRules;
  ordersList: OrdersListRules;
  items: ItemRules;
  home: HomePageRules;
  theme: ThemeRules;
  catalogue: CatalogueRules;
  validation: ValidationRules;
  costs: CostRules;
  integrations: IntegrationRules;
  documents: DocumentRules;
  /** Product drawings: the renderer script per product, units, the drawings page controls. */
  drawings: DrawingConfig;
  /** How the drawings set is printed. */
  drawingsPage: DrawingsPageRules;
  /** The architectural canvas: which orders are spatial, views, units, scale, zoom, grid, murals. */
  spatial: SpatialRules;
}
