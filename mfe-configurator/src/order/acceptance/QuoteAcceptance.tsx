import { AcceptQuoteCard } from './AcceptQuoteCard.tsx';
import { AcceptedNote, SupersededNote } from './AcceptanceNote.tsx';
import type { QuoteAcceptanceModel } from './useQuoteAcceptance.ts';

/**
 * The quote acceptance on the order page, once the order is approved: the acceptance of the current
 * quote, or the card the customer accepts it with (after a note when an earlier revision was accepted).
 */
export function QuoteAcceptance({ model, orgSpecificId }: { model: QuoteAcceptanceModel; orgSpecificId: number }) {
  const { view } = model;
  if (view.note === 'accepted') return <AcceptedNote model={model} orgSpecificId={orgSpecificId} />;
  if (view.card) return <AcceptQuoteCard model={model} orgSpecificId={orgSpecificId} />;
  if (view.note === 'superseded' && model.acceptedRevision !== null) return <SupersededNote accepted={model.acceptedRevision} current={model.quoteRevision} />;
  return null;
}
