import type { CostRules, EngineHooks, InstanceValidator, OptionFilter } from '@cpq/domain';

export type { CostRules, EngineHooks, InstanceValidator, OptionFilter };

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

/** Item checks (red properties) and alerts shown when an option is chosen. */
export interface ValidationRules {
  instanceValidators: readonly InstanceValidator[];
}

export interface PluginRules {
  wording: Wording;
  home: HomePageRules;
  theme: ThemeRules;
  catalogue: CatalogueRules;
  validation: ValidationRules;
  costs: CostRules;
}
