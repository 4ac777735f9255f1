import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common.ts';

/**
 * POST /api/documents/pdf: the documents or drawings screen of one order as a PDF, rendered as the
 * caller sees it. The options are the screen's own (documents: mode and the discount toggle;
 * drawings: set mode, units and dimensions); a share token opens the order as the share link does.
 */
export const DocumentPdfBody = Type.Object(
  {
    orgId: Id,
    productOrderOrgSpecificId: Id,
    document: Type.Union([Type.Literal('documents'), Type.Literal('drawings')]),
    mode: Type.Optional(Type.Union([Type.Literal('quote'), Type.Literal('invoice'), Type.Literal('packingSlip'), Type.Literal('factory')])),
    hideDiscount: Type.Optional(Type.Boolean()),
    setMode: Type.Optional(Type.Union([Type.Literal('multiple'), Type.Literal('individual')])),
    units: Type.Optional(Type.Union([Type.Literal('mm'), Type.Literal('in')])),
    showDimensions: Type.Optional(Type.Boolean()),
    /** The documents of an earlier quote revision, printed as they were (documents only). */
    revision: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
    shareToken: Type.Optional(Type.String({ maxLength: 200 })),
    shareableOrderId: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Integer()])),
  },
  { additionalProperties: false },
);
export type DocumentPdfBody = Static<typeof DocumentPdfBody>;

/** Modes of the documents screen that only employees (owners and members) see. */
export const EMPLOYEE_DOCUMENT_MODES: ReadonlyArray<NonNullable<DocumentPdfBody['mode']>> = ['packingSlip', 'factory'];
