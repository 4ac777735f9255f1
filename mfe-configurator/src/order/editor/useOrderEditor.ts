/**
 * The order editor's state and actions: the items as the user sees them (edits applied at once), the
 * active item, autosave through the API, conflicts, option choices checked by the engine.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api, type ItemPlace } from '@cpq/client';
import {
  checkOptionChoice,
  CUSTOM_PRODUCT_ID,
  moveRank,
  normaliseQuantity,
  reasonsInWords,
  UNTITLED_ORDER_TITLE,
  type InstanceProperties,
  type OrderStatusResponse,
  type OrgDesignEngineSettings,
  type Product,
  type PropertySelection,
} from '@cpq/domain';
import type { PluginRules } from '@cpq/plugin-sdk';
import { errorMessage } from '../../shared/errors.ts';
import { activeAfterDelete, applyToAllPlan, byRank, changedEntries, copyOf, newItemRank, withInserted, withoutItem, withStored } from './logic.ts';
import { ItemSaver, type SaveState } from './saver.ts';
import { SAVE_DEBOUNCE_MS } from './logic.ts';
import { discardUntouchedOrder, orderWrites, type Instance, type InstancePatch, type Order } from './writes.ts';
import type { EditorEngine } from './itemViews.ts';

export interface Notice {
  id: number;
  kind: 'error' | 'info' | 'alert';
  text: string;
}

export interface EditorInput {
  order: Order;
  items: Instance[];
  orgId: number;
  role: string;
  employee: boolean;
  rules: PluginRules;
  orgSettings: OrgDesignEngineSettings;
  engine: EditorEngine;
  /** Refreshes the order's stored costs after edits settle (skipped when prices are hidden). */
  confirmCosts: boolean;
  /** Overridable for tests. */
  writes?: typeof orderWrites;
  saveDebounceMs?: number;
}

let noticeSeq = 0;

export function useOrderEditor(input: EditorInput) {
  const writes = input.writes ?? orderWrites;
  const [order, setOrder] = useState<Order>(input.order);
  const [items, setItems] = useState<Instance[]>(() => byRank(input.items));
  const [activeId, setActiveId] = useState<number | null>(() => byRank(input.items)[0]?.id ?? null);
  const [save, setSave] = useState<{ state: SaveState; message: string | null }>({ state: 'idle', message: null });
  const [notices, setNotices] = useState<Notice[]>([]);
  /** The order's stored costs are older than the last edit (until read again after saving). */
  const [costsStale, setCostsStale] = useState(false);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const orderRef = useRef(order);
  orderRef.current = order;
  const clipboard = useRef<Instance | null>(null);

  const notify = useCallback((kind: Notice['kind'], text: string) => {
    const n = { id: ++noticeSeq, kind, text };
    setNotices((list) => [...list.filter((x) => x.text !== text), n].slice(-3));
  }, []);
  const dismiss = useCallback((id: number) => setNotices((list) => list.filter((n) => n.id !== id)), []);

  const replaceItem = useCallback((next: Instance) => setItems((list) => list.map((i) => (i.id === next.id ? { ...next, rank: i.rank } : i))), []);

  const saver = useMemo(
    () =>
      new ItemSaver({
        debounceMs: input.saveDebounceMs ?? SAVE_DEBOUNCE_MS,
        send: (id, patch, version) => writes.updateInstance(id, patch, version),
        onSaved: (saved, settled) => {
          // The server's item is the truth once no newer edit of it waits (prices, normalised values).
          if (settled) replaceItem(saved);
        },
        onConflict: (id, current, message) => {
          if (current) replaceItem(current);
          notify('error', message);
          void id;
        },
        onState: (state, message) => setSave({ state, message }),
      }),
    // One saver per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  useEffect(() => {
    for (const i of input.items) saver.know(i);
  }, [saver, input.items]);

  // After edits settle, read the order again: its stored costs confirm the browser's total.
  useEffect(() => {
    if (!input.confirmCosts || save.state !== 'saved') return;
    const t = setTimeout(() => {
      api.orderData({ orgId: input.orgId, productOrderOrgSpecificId: orderRef.current.orgSpecificId }).then(
        (data) => {
          const fresh = data.productOrders[0];
          if (fresh) setOrder(fresh);
          if (!saver.busy) setCostsStale(false);
          // Items without edits waiting take the stored prices and validity (unchanged ones stay as they are).
          setItems((list) => withStored(list, data.productInstances, (id) => saver.hasPending(id)));
        },
        () => undefined,
      );
    }, 400);
    return () => clearTimeout(t);
  }, [save.state, input.confirmCosts, input.orgId, saver]);

  /** Applies an edit on screen at once and queues it for saving. */
  const edit = useCallback(
    (id: number, local: (i: Instance) => Instance, patch: InstancePatch, now = false) => {
      setCostsStale(true);
      setItems((list) =>
        list.map((i) => {
          if (i.id !== id) return i;
          // Stored prices and validity no longer describe the edited item until the server answers.
          const { unitPriceInCents: _u, totalPriceInCents: _t, isValid: _v, ...rest } = local(i);
          return rest as Instance;
        }),
      );
      saver.queue(id, patch, now);
    },
    [saver],
  );

  const activeItem = items.find((i) => i.id === activeId) ?? null;

  const setTitle = useCallback((id: number, title: string) => edit(id, (i) => ({ ...i, title }), { title }), [edit]);
  const setNotes = useCallback(
    async (id: number, notes: string) => {
      edit(id, (i) => ({ ...i, notes }), { notes }, true);
      await saver.flush(id);
    },
    [edit, saver],
  );
  const setQuantity = useCallback((id: number, typed: unknown) => {
    const quantity = normaliseQuantity(typed);
    edit(id, (i) => ({ ...i, quantity }), { quantity });
  }, [edit]);

  /** Typed values (text, number, dimension, checkbox) of a property. */
  const setValue = useCallback(
    (id: number, propertyId: number, entry: PropertySelection) => {
      const key = String(propertyId);
      edit(id, (i) => ({ ...i, properties: { ...i.properties, [key]: { ...(i.properties?.[key] ?? {}), ...entry } } }), { properties: { [key]: entry } });
    },
    [edit],
  );

  /** Chooses an option on an item: refused with the engine's message, or applied (clearing what it rules out). */
  const chooseOption = useCallback(
    (id: number, propertyId: number, optionId: number): boolean => {
      const item = itemsRef.current.find((i) => i.id === id);
      const product = item ? input.engine.catalogue.product(item.productId) : undefined;
      if (!item || !product) return false;
      const choice = checkOptionChoice({
        product,
        instance: item,
        catalogue: input.engine.catalogue,
        viewer: { role: input.role },
        optionFilters: input.engine.hooks.optionFilters,
        propertyId,
        optionId,
      });
      if (!choice.ok) {
        const why = choice.reasons?.length ? reasonsInWords(choice.reasons, input.engine.catalogue, input.employee).join('; ') : '';
        notify('error', why && choice.message === 'This option is not available.' ? `${choice.message} ${why}.` : choice.message);
        return false;
      }
      const before = item.properties ?? {};
      const changes = changedEntries(before, choice.selection);
      edit(id, (i) => ({ ...i, properties: choice.selection }), { properties: changes }, true);
      for (const c of choice.cleared) {
        const property = input.engine.catalogue.property(c.propertyId);
        const option = input.engine.catalogue.option(c.optionId);
        const why = reasonsInWords(c.reasons, input.engine.catalogue, input.employee)[0];
        notify('info', `${property?.title ?? 'A property'}: ${option?.title ?? 'the previous choice'} was cleared${why ? ` (${why})` : ''}.`);
      }
      for (const alert of input.rules.validation.optionAlerts) {
        const text = alert({ product: { id: product.id, productCategoryId: product.productCategoryId }, propertyId, optionId, orgSettings: input.orgSettings });
        if (text) notify('alert', text);
      }
      return true;
    },
    [edit, input.engine, input.role, input.employee, input.rules, input.orgSettings, notify],
  );

  const applyToAll = useCallback(
    (fromId: number, propertyId: number, optionId: number) =>
      applyToAllPlan({ items: itemsRef.current, fromId, propertyId, optionId, catalogue: input.engine.catalogue, role: input.role, optionFilters: input.engine.hooks.optionFilters }),
    [input.engine, input.role],
  );
  const runApplyToAll = useCallback(
    (plan: ReturnType<typeof applyToAll>) => {
      for (const t of plan.targets) {
        const before = itemsRef.current.find((i) => i.id === t.id)?.properties ?? {};
        edit(t.id, (i) => ({ ...i, properties: t.properties }), { properties: changedEntries(before, t.properties) }, true);
      }
    },
    [edit],
  );

  const setRank = useCallback(
    (id: number, rank: number) => {
      setCostsStale(true);
      setItems((list) => moveRank(list, id, rank));
      saver.queue(id, { rank }, true);
    },
    [saver],
  );

  /** Creates an item through the API and makes it the active one (every way of adding an item ends here). */
  const insertCreated = useCallback(
    async (props: Parameters<typeof writes.createInstance>[0]): Promise<Instance | null> => {
      try {
        const created = await saver.track(() => writes.createInstance(props));
        saver.know(created);
        setCostsStale(true);
        setItems((l) => withInserted(l, created));
        setActiveId(created.id);
        return created;
      } catch (err) {
        notify('error', errorMessage(err, 'The item could not be added.'));
        return null;
      }
    },
    [notify, saver, writes],
  );

  const createItem = useCallback(
    async (product: Product, title: string | null, from?: Instance): Promise<Instance | null> => {
      const list = itemsRef.current;
      const rank = newItemRank(byRank(list), activeId);
      let props;
      if (from) {
        props = { ...copyOf(from), productOrderId: orderRef.current.id, rank };
      } else {
        const defaults = input.rules.items.newItemDefaults({
          product: { id: product.id, productCategoryId: product.productCategoryId },
          items: list.map((i) => ({ productId: i.productId, title: i.title ?? null, properties: i.properties ?? null })),
        });
        const t = title?.trim() ? title.trim() : (defaults.title ?? null);
        props = { productOrderId: orderRef.current.id, productId: product.id, quantity: 1, rank, title: t, properties: (defaults.properties ?? {}) as InstanceProperties };
      }
      return insertCreated(props);
    },
    [activeId, input.rules, insertCreated],
  );

  /** Employees' custom product (the server refuses it for guests), added after the active item. */
  const createCustomItem = useCallback(
    async (custom: { title: string; customPriceInCents: number; notes: string | null }): Promise<Instance | null> => {
      const rank = newItemRank(byRank(itemsRef.current), activeId);
      const props = { productOrderId: orderRef.current.id, productId: CUSTOM_PRODUCT_ID, quantity: 1, rank, title: custom.title, notes: custom.notes, customPriceInCents: custom.customPriceInCents };
      return insertCreated(props);
    },
    [activeId, insertCreated],
  );
  const setCustomPrice = useCallback(
    (id: number, customPriceInCents: number) => edit(id, (i) => ({ ...i, customPriceInCents }), { customPriceInCents }),
    [edit],
  );

  const deleteItem = useCallback(
    async (id: number): Promise<boolean> => {
      try {
        await saver.track(() => writes.destroyInstance(id));
      } catch (err) {
        notify('error', errorMessage(err, 'The item could not be deleted.'));
        return false;
      }
      saver.forget(id);
      setCostsStale(true);
      const next = activeAfterDelete(itemsRef.current, id);
      setItems((l) => withoutItem(l, id));
      setActiveId((current) => (current === id ? next : current));
      return true;
    },
    [notify, saver, writes],
  );

  const copy = useCallback(() => {
    const item = itemsRef.current.find((i) => i.id === activeId);
    if (!item) return false;
    clipboard.current = item;
    notify('info', `Copied "${item.title?.trim() || input.engine.catalogue.product(item.productId)?.title || 'item'}". Press Ctrl+V (⌘V) to paste a copy after the active item.`);
    return true;
  }, [activeId, input.engine, notify]);

  const paste = useCallback(async () => {
    const from = clipboard.current;
    if (!from) return null;
    const product = input.engine.catalogue.product(from.productId);
    if (!product) return null;
    return createItem(product, from.title ?? null, from);
  }, [createItem, input.engine]);

  /** An item placed in a view of the drawing, moved there or taken out (its price does not change). */
  const placeItem = useCallback(
    (id: number, place: ItemPlace) => {
      setItems((list) => list.map((i) => (i.id === id ? { ...i, ...place } : i)));
      saver.queue(id, place, true);
    },
    [saver],
  );
  /** A copy of an item at a place in the drawing (pasted on the canvas), added after the active item. */
  const copyItemTo = useCallback(
    async (id: number, place: ItemPlace): Promise<Instance | null> => {
      const from = itemsRef.current.find((i) => i.id === id);
      if (!from) return null;
      return insertCreated({ ...copyOf(from), productOrderId: orderRef.current.id, rank: newItemRank(byRank(itemsRef.current), activeId), ...place });
    },
    [activeId, insertCreated],
  );

  const updateOrder = useCallback(
    async (props: Record<string, unknown>) => {
      const next = await saver.track(() => writes.updateOrder(orderRef.current.id, props));
      setOrder(next);
      return next;
    },
    [saver, writes],
  );

  /** Replaces the order's status fields with what a status call answered (the server decides them). */
  const applyStatus = useCallback((fields: Partial<OrderStatusResponse>) => {
    const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    setOrder((o) => ({ ...o, ...given }));
  }, []);

  // Leaving an order right after creating it (untitled, never prompted, empty) discards it.
  useEffect(() => {
    const leave = () => {
      const o = orderRef.current;
      const here = `/orders/${o.orgSpecificId}/`;
      if (typeof window !== 'undefined' && window.location.pathname.startsWith(here)) return; // another tab of this order
      if (o.title === UNTITLED_ORDER_TITLE && !o.promptedForProjectInfo && itemsRef.current.length === 0) discardUntouchedOrder(o.id);
    };
    const onPageHide = () => {
      const o = orderRef.current;
      if (o.title === UNTITLED_ORDER_TITLE && !o.promptedForProjectInfo && itemsRef.current.length === 0) discardUntouchedOrder(o.id);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      void saver.flushAll();
      leave();
    };
  }, [saver]);

  return {
    order,
    setOrder,
    items,
    activeId,
    activeItem,
    setActiveId,
    save,
    costsStale,
    retry: () => saver.retry(),
    /** Resolves once every edit made so far is saved (true) or has failed to save (false). */
    settle: () => saver.settle(),
    notices,
    notify,
    dismiss,
    setTitle,
    setNotes,
    setQuantity,
    setValue,
    setRank,
    chooseOption,
    applyToAll,
    runApplyToAll,
    createItem,
    createCustomItem,
    setCustomPrice,
    deleteItem,
    copy,
    paste,
    placeItem,
    copyItemTo,
    hasClipboard: () => clipboard.current !== null,
    updateOrder,
    applyStatus,
  };
}

export type OrderEditorApi = ReturnType<typeof useOrderEditor>;
