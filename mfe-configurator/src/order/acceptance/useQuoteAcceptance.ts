/**
 * The order's online quote acceptance as the page uses it: the revisions read for the terms and the
 * acceptance on record, the customer's acceptance call, and whether the payment waits for it. Held by
 * the status panels so the accept card and the payment panel read the same state.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { api, sessionAtom } from '@cpq/client';
import { ApiFailure, isApproved, type OrderRevisionsResponse, type OrderStatusResponse, type QuoteAcceptance } from '@cpq/domain';
import { errorMessage } from '../../shared/errors.ts';
import type { Order } from '../editor/writes.ts';
import { statusFieldsOf } from '../status/logic.ts';
import { UNSAVED_CHANGES, type OrderStatusModel } from '../status/useOrderStatus.ts';
import { acceptanceView, isOrderCustomer, paymentWaitsForAcceptance } from './logic.ts';

interface Revisions {
  data: OrderRevisionsResponse | null;
  error: string | null;
  loading: boolean;
}

/** Order fields an acceptance changes, applied as the page applies a status call's answer (merged into the order). */
type AcceptanceFields = Partial<OrderStatusResponse> & Partial<Pick<Order, 'quoteRevision' | 'acceptedRevision'>>;

export function useQuoteAcceptance(status: OrderStatusModel) {
  const userId = useAtomValue(sessionAtom)?.user.id ?? null;
  const { order, employee, statuses, facts, pricingHidden, applyStatus, touched, settle } = status;
  const quoteRevision = order.quoteRevision ?? 0;
  const acceptedRevision = order.acceptedRevision ?? null;
  const customer = !employee && !pricingHidden && isOrderCustomer(order, userId);
  const view = acceptanceView({ employee, customer, approved: isApproved(statuses, facts.statusData), quoteRevision, acceptedRevision });
  const shown = view.card || view.note !== null;

  const [revisions, setRevisions] = useState<Revisions>({ data: null, error: null, loading: false });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // Read again whenever the quote or its acceptance changes: the terms and the acceptance on record follow them.
  useEffect(() => {
    if (!shown) return;
    let live = true;
    setRevisions((r) => ({ ...r, error: null, loading: true }));
    api.getOrderRevisions({ productOrderId: order.id }).then(
      (data) => {
        if (live) setRevisions({ data, error: null, loading: false });
      },
      (err: unknown) => {
        if (live) setRevisions((r) => ({ data: r.data, error: errorMessage(err), loading: false }));
      },
    );
    return () => {
      live = false;
    };
  }, [shown, order.id, quoteRevision, acceptedRevision, attempt]);

  const [accepting, setAccepting] = useState(false);
  const inFlight = useRef(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The acceptance this page just recorded: shown at once, before the revisions are read again. */
  const [recorded, setRecorded] = useState<QuoteAcceptance | null>(null);

  /** The order's status and revision fields read again, as the payment flow does after a payment it could not follow. */
  const reloadOrder = useCallback(async () => {
    try {
      const data = await api.orderData({ orgId: status.org.id, productOrderOrgSpecificId: order.orgSpecificId });
      const fresh = data.productOrders.find((o) => o.orgSpecificId === order.orgSpecificId) ?? data.productOrders[0];
      if (fresh) {
        const fields: AcceptanceFields = { ...statusFieldsOf(fresh), quoteRevision: fresh.quoteRevision ?? 0, acceptedRevision: fresh.acceptedRevision ?? null };
        applyStatus(fields);
      }
    } catch {
      // The refusal is on screen already; the page's next read brings the order up to date.
    } finally {
      touched();
    }
  }, [status.org.id, order.orgSpecificId, applyStatus, touched]);

  const accept = useCallback(
    async (fullName: string): Promise<boolean> => {
      if (inFlight.current) return false;
      inFlight.current = true;
      setAccepting(true);
      setRefusal(null);
      try {
        // The server judges the order as saved: an edit still on its way would make the quote another revision.
        if (!(await settle())) {
          setRefusal(UNSAVED_CHANGES);
          return false;
        }
        const done = await api.acceptQuote({ productOrderId: order.id, revisionNumber: quoteRevision, fullName: fullName.trim(), termsAccepted: true });
        setRecorded(done);
        const fields: AcceptanceFields = { acceptedRevision: done.revisionNumber };
        applyStatus(fields);
        touched();
        return true;
      } catch (err) {
        setRefusal(errorMessage(err));
        // Refused because the order moved on (another revision, another step): read it again.
        if (err instanceof ApiFailure && err.status === 409) {
          retry();
          await reloadOrder();
        }
        return false;
      } finally {
        inFlight.current = false;
        setAccepting(false);
      }
    },
    [settle, order.id, quoteRevision, applyStatus, touched, retry, reloadOrder],
  );

  const onRecord = acceptedRevision === null ? undefined : revisions.data?.revisions.find((r) => r.number === acceptedRevision)?.acceptance;
  const acceptance = onRecord ?? (recorded && recorded.revisionNumber === acceptedRevision ? recorded : null);
  const required = revisions.data?.acceptanceRequiredBeforePayment ?? status.settings.acceptanceRequiredBeforePayment === true;

  return {
    view,
    shown,
    quoteRevision,
    acceptedRevision,
    revisions,
    retry,
    terms: revisions.data?.acceptanceTerms ?? null,
    /** The acceptance of the accepted revision, once known. */
    acceptance,
    /** This viewer made that acceptance (they read "You accepted…"). */
    mine: acceptance !== null && !employee && acceptance.userId === userId,
    /** The acceptance this page recorded (its note takes the focus the card's button had). */
    recorded,
    accepting,
    refusal,
    accept,
    paymentWaits: paymentWaitsForAcceptance({ required, employee, processing: facts.isProcessingPayment === 1, pricingHidden, quoteRevision, acceptedRevision }),
  };
}

export type QuoteAcceptanceModel = ReturnType<typeof useQuoteAcceptance>;
