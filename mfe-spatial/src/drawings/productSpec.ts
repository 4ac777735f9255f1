/** A view's notes as stored (drawingNotesData keys general, productSpec, …); anything else is ignored. */
interface ViewWithNotes {
  rank: number;
  drawingNotesData?: unknown;
}

/** The product spec notes of an order's views, in view order, blank ones left out. */
export function productSpecNotes(views: readonly ViewWithNotes[] | undefined): string[] {
  return [...(views ?? [])]
    .sort((a, b) => a.rank - b.rank)
    .map((v) => {
      const notes = v.drawingNotesData;
      const spec = notes && typeof notes === 'object' ? (notes as Record<string, unknown>).productSpec : undefined;
      return typeof spec === 'string' ? spec.trim() : '';
    })
    .filter((s) => s !== '');
}
