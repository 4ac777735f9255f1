import type { Row } from '../common/adminApi.ts';

export interface DataField {
  key: string;
  title: string;
  type: 'text' | 'number' | 'boolean';
}

export type DataValue = string | number | boolean | null;

export type PropertyRow = Row & {
  title: string;
  internalTitle: string | null;
  rank: number;
  archived: number;
  type: string;
  isArray: number;
  noOptionThumbnails: number;
  isOrderLevel: number;
  drawingVisibility: 'visible' | 'none';
  invoiceVisibility: 'none' | 'inline' | 'column';
  showThumbnailsOnInvoice: number;
  productOptionDataFields: DataField[];
  data: { maxDimension?: number; minDimension?: number; dimensionInterval?: number } & Record<string, unknown>;
  productPropertyGroupId: number | null;
};

/** A property group a property can be put in (the settings dialog's choices). */
export type GroupChoice = Row & { title: string };

export type OptionRow = Row & {
  title: string;
  rank: number;
  archived: number;
  productPropertyId: number;
  publishLevel: 'all' | 'internal' | 'admin';
  data: Record<string, DataValue>;
  thumbnailUrl?: string | null;
};

export const PROPERTY_KEY = 'productProperties';
export const OPTION_KEY = 'productOptions';
export const PROPERTIES_HREF = '/admin/product-properties';
export const propertyHref = (id: number) => `${PROPERTIES_HREF}/${id}`;

/** Who sees an option: the spec's three publish levels. */
export const PUBLISH_LEVELS = [
  { value: 'all', label: 'All Users' },
  { value: 'internal', label: 'Members' },
  { value: 'admin', label: 'Owners' },
] as const;
