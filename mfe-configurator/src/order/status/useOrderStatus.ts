/**
 * The order's place in the status flow as the page shows it, and the status calls (submit, approve,
 * requires changes, cancel, a status dot, request a status update). Each call's answer replaces the
 * order's status fields: the server decides every transition.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { api, sessionAtom } from '@cpq/client';
import {
  allowedEvents,
  CANCEL_CONFIRM,
  currentStatus,
  isGuestMode,
  STATUS_UPDATE_REQUESTED,
  SUBMIT_CONFIRM,
  submitProblem,
  ApiFailure,
  type IncompleteItem,
  type SubmitProblem,
  type SubmitProblemField,
  type OrderStatusResponse,
  type OrgMembership,
  type ProductOrderStatus,
  type StatusOptions,
} from '@cpq/domain';
import type { PluginRules } from '@cpq/plugin-sdk';
import { errorMessage } from '../../shared/errors.ts';
import type { Order } from '../editor/writes.ts';
import { statusFacts } from './logic.ts';

export type NoticeKind = 'error' | 'info' | 'alert';

export interface OrderStatusInput {
  order: Order;
  org: OrgMembership;
  rules: PluginRules;
  /** Owner or member, not in guest mode. */
  employee: boolean;
  /** Prices are hidden from this person: they cannot pay (the server refuses), so no amounts are shown. */
  pricingHidden: boolean;
  /** Whether each item of the order is valid (submit refuses invalid items). */
  itemsValid: boolean[];
  /** The items with required options unchosen, in cart order (submit refuses them, decision 0091). */
  incompleteItems?: readonly IncompleteItem[];
  /** Shows the person an item's first missing option (opens the item, scrolls to and focuses the property). */
  pointAtItem?: (item: { id: number; propertyId: number }) => void;
  notify: (kind: NoticeKind, text: string) => void;
  /** Asks a yes/no question; resolves true for yes. */
  ask: (text: string, options?: { destructive?: boolean }) => Promise<boolean>;
  /** Opens the order settings; at the field to fix, with its message, when a submit check names one. */
  openSettings: (focus?: SettingsFocus) => void;
  applyStatus: (fields: Partial<OrderStatusResponse>) => void;
  /** Resolves once the page's edits are saved (true) or some failed to save (false). */
  settle: () => Promise<boolean>;
}

/** The order detail the settings open at, and why. */
export interface SettingsFocus {
  field: SubmitProblemField;
  message: string;
}

export const UNSAVED_CHANGES = 'Some changes could not be saved. Retry saving them first.';

/** The status calls the page makes; `busy` names the one in flight. */
export type StatusAction = 'submit' | 'approve' | 'requireChanges' | 'reopen' | 'cancel' | 'setStatus' | 'requestStatusUpdate';

export function useOrderStatus(input: OrderStatusInput) {
  const { order, org, rules, employee, notify, ask, openSettings, applyStatus, settle } = input;
  const userId = useAtomValue(sessionAtom)?.user.id;
  const settings = org.appData.designEngine ?? {};
  const statuses: readonly ProductOrderStatus[] = useMemo(() => settings.productOrderStatuses ?? [], [settings.productOrderStatuses]);
  const options: StatusOptions = useMemo(
    () => ({ shippedWithoutFinalPayment: rules.orderStatus?.shippedWithoutFinalPayment ?? false, guards: rules.orderStatus?.guards ?? [] }),
    [rules.orderStatus],
  );
  const facts = useMemo(() => statusFacts(order), [order]);
  const guestMode = isGuestMode(org);
  const actor = employee ? 'employee' : 'guest';
  const current = useMemo(() => currentStatus(statuses, facts.statusData), [statuses, facts.statusData]);
  const allowed = useMemo(() => new Set<string>(statuses.length ? allowedEvents(statuses, options, facts, actor) : []), [statuses, options, facts, actor]);
  const stocked = facts.isStocked === 1;

  const [busy, setBusy] = useState<StatusAction | null>(null);
  // A second click before the first call answers sends nothing (state updates are not seen at once).
  const inFlight = useRef(false);
  /** Bumped after every status call, so the timeline reads the order's events again. */
  const [historyVersion, setHistoryVersion] = useState(0);
  const touched = useCallback(() => setHistoryVersion((n) => n + 1), []);
  /**
   * A card payment this page saw succeed. The order then moves on to its next step and the payment
   * panel goes, so the thanks are kept here until the next status call.
   */
  const [paid, setPaid] = useState<{ amountInCents: number } | null>(null);
  const notePaid = useCallback((amountInCents: number) => setPaid({ amountInCents }), []);

  /** Runs one status call: one at a time, its answer applied, its failure shown. Answers whether it succeeded. */
  const run = useCallback(
    async (action: StatusAction, call: () => Promise<OrderStatusResponse | unknown>, apply = true): Promise<boolean> => {
      if (inFlight.current) return false;
      inFlight.current = true;
      setBusy(action);
      setPaid(null);
      try {
        // The server judges the order as saved: edits still on their way go first.
        if (!(await settle())) {
          notify('error', UNSAVED_CHANGES);
          return false;
        }
        const answer = await call();
        if (apply && answer) applyStatus(answer as OrderStatusResponse);
        return true;
      } catch (err) {
        notify('error', errorMessage(err));
        return false;
      } finally {
        inFlight.current = false;
        setBusy(null);
        touched();
      }
    },
    [applyStatus, notify, touched, settle],
  );
  /** The step the person is looking at: a call made on a step that has since changed is refused. */
  const seen = facts.lastCompletedStatusKey;

  const { pointAtItem } = input;
  /** Points at what a submit problem names: the item's missing option, or the order detail in the settings. */
  const pointAt = useCallback(
    (problem: Pick<SubmitProblem, 'message' | 'opensSettings' | 'field' | 'item'>) => {
      if (problem.item) pointAtItem?.(problem.item);
      else if (problem.opensSettings) openSettings(problem.field ? { field: problem.field, message: problem.message } : undefined);
    },
    [pointAtItem, openSettings],
  );
  const submit = useCallback(async () => {
    const problem = submitProblem({
      itemsValid: input.itemsValid,
      ...(input.incompleteItems ? { incompleteItems: input.incompleteItems } : {}),
      phone: order.phone ?? null,
      deliveryAddress: order.deliveryAddress ?? null,
      firmName: order.firmName ?? null,
      clientEmails: order.clientEmails ?? null,
    });
    if (problem) {
      notify('alert', problem.message);
      pointAt(problem);
      return false;
    }
    // Stocked orders are not reviewed: they go on to payment without a question.
    if (!stocked && !(await ask(SUBMIT_CONFIRM(org.title)))) return false;
    return run('submit', () =>
      api.submitOrder({ productOrderId: order.id, expectedStatusKey: seen, ...(userId ? { userId } : {}), isGuestMode: guestMode }).catch((err: unknown) => {
        // The server judged the stored order otherwise (another person's edit): point at what it names too.
        if (err instanceof ApiFailure && err.code === 'submitCheckFailed') pointAt(refusalPointer(err));
        throw err;
      }),
    );
  }, [input.itemsValid, input.incompleteItems, order, notify, pointAt, stocked, ask, org.title, run, userId, guestMode, seen]);

  const cancel = useCallback(async () => {
    // Cancelling resets the order to its first step: Enter must not do it by accident.
    if (!(await ask(CANCEL_CONFIRM, { destructive: true }))) return false;
    return run('cancel', () => api.cancelOrder({ productOrderId: order.id, expectedStatusKey: seen }));
  }, [ask, run, order.id, seen]);

  const approve = useCallback(() => run('approve', () => api.approveOrder({ productOrderId: order.id, expectedStatusKey: seen, ...(userId ? { userId } : {}) })), [run, order.id, userId, seen]);

  const requireChanges = useCallback(
    (feedbackNotes: string) => run('requireChanges', () => api.actionRequired({ productOrderId: order.id, expectedStatusKey: seen, feedbackNotes })),
    [run, order.id, seen],
  );

  /** Staff reopen an approved or paid order for changes; the reason goes on its timeline and to the customer. */
  const reopen = useCallback(
    (reason: string) => run('reopen', () => api.reopenOrder({ productOrderId: order.id, expectedStatusKey: seen, reason })),
    [run, order.id, seen],
  );

  const setStatus = useCallback(
    (statusKey: string, skipNotifyingGuest: boolean) =>
      run('setStatus', () => api.updateOrderStatus({ productOrderId: order.id, expectedStatusKey: seen, orgId: org.id, ...(userId ? { userId } : {}), statusKey, skipNotifyingGuest })),
    [run, order.id, org.id, userId, seen],
  );

  const requestStatusUpdate = useCallback(async () => {
    const ok = await run('requestStatusUpdate', () => api.requestStatusUpdate({ productOrderId: order.id }), false);
    if (ok) notify('info', STATUS_UPDATE_REQUESTED);
    return ok;
  }, [run, order.id, notify]);

  return {
    order,
    org,
    rules,
    settings,
    statuses,
    options,
    facts,
    employee,
    pricingHidden: input.pricingHidden,
    guestMode,
    actor,
    current,
    allowed,
    stocked,
    busy,
    historyVersion,
    touched,
    paid,
    notePaid,
    notify,
    openSettings,
    applyStatus,
    submit,
    cancel,
    approve,
    requireChanges,
    reopen,
    setStatus,
    requestStatusUpdate,
    settle,
    seen,
  };
}

export type OrderStatusModel = ReturnType<typeof useOrderStatus>;

/** What a server's submit refusal points at (its details: the order field, or the item and its property). */
function refusalPointer(err: ApiFailure): Pick<SubmitProblem, 'message' | 'opensSettings' | 'field' | 'item'> {
  const d = (err.details ?? {}) as { opensSettings?: unknown; field?: unknown; productInstanceId?: unknown; propertyId?: unknown };
  const fields: readonly string[] = ['phone', 'deliveryAddress', 'firmName', 'clientEmails'];
  return {
    message: err.message,
    opensSettings: d.opensSettings === true,
    ...(typeof d.field === 'string' && fields.includes(d.field) ? { field: d.field as SubmitProblemField } : {}),
    ...(typeof d.productInstanceId === 'number' && typeof d.propertyId === 'number' ? { item: { id: d.productInstanceId, propertyId: d.propertyId } } : {}),
  };
}
