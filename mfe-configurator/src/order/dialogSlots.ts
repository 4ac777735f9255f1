/**
 * Wiring point for the order page's dialogs that live in their own folders (order settings, item
 * notes). The editor shows "Edit Order Details" and the notes link only for a dialog listed here, so
 * no control is drawn without something behind it. To connect one, import it and add it below.
 */
import type { ComponentType } from 'react';
import type { GuestTerms, MediumJson, OrgMembership, Product, SubmitProblemField } from '@cpq/domain';
import type { PluginRules } from '@cpq/plugin-sdk';
import type { Instance, Order } from './editor/writes.ts';
import { ItemNotesDialog } from './notes/ItemNotesDialog.tsx';
import { OrderSettingsDialog } from './settings/OrderSettingsDialog.tsx';

export interface OrderSettingsDialogProps {
  open: boolean;
  onClose(): void;
  order: Order;
  org: OrgMembership;
  rules: PluginRules;
  pricingHidden: boolean;
  /** The order owner's guest terms (null: the owner is no guest). */
  ownerTerms?: GuestTerms | null;
  onOrderChanged(order: Order): void;
  /** Open at this field with this message under it (a submit check named it). */
  focus?: { field: SubmitProblemField; message: string } | null;
}

export interface ItemNotesDialogProps {
  open: boolean;
  onClose(): void;
  instance: Pick<Instance, 'id'> & { title: string | null; notes: string | null };
  product: Product | null;
  /** The catalogue's media (the dialog shows the product's images). */
  media: readonly MediumJson[];
  readOnly: boolean;
  onSave(notes: string): Promise<void>;
}

export interface OrderDialogs {
  OrderSettingsDialog?: ComponentType<OrderSettingsDialogProps>;
  ItemNotesDialog?: ComponentType<ItemNotesDialogProps>;
}

export const ORDER_DIALOGS: OrderDialogs = { OrderSettingsDialog, ItemNotesDialog };
