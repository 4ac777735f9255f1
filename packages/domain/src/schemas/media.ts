import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { Id, Nullable } from './common.ts';
import { MediumSchema } from './entities.ts';

/**
 * Media of the admin area (owners only): upload, caption, associations, delete. Bodies are closed: a
 * field not listed is refused. Rules: docs/decisions/0055-media.md.
 */
const closed = <P extends TProperties>(p: P) => Type.Object(p, { additionalProperties: false });

/** Uploads must be under this many bytes (the spec's "under 5,000,000 bytes"). */
export const MEDIA_MAX_BYTES = 5_000_000;
/** The image types accepted, by what their bytes are (never by their name). */
export const MEDIA_CONTENT_TYPES = ['image/jpeg', 'image/png'] as const;
export type MediaContentType = (typeof MEDIA_CONTENT_TYPES)[number];

/** The messages an upload can fail with; the server answers them and the upload area shows them. */
export const MEDIA_MESSAGES = {
  tooLarge: 'This image is too large: it must be under 5,000,000 bytes.',
  notAnImage: 'This file is not a JPEG or PNG image. Choose a .jpg or .png file.',
  gif: 'GIF images are not accepted. Choose a JPEG or PNG image.',
  empty: 'The file is empty. Choose a JPEG or PNG image.',
  wrongType: 'Send the image as application/octet-stream, image/jpeg or image/png.',
} as const;

/** POST /api/media/upload?orgId=…: the organisation comes in the query (the body is the image itself). */
export const MediaUploadQuery = closed({ orgId: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) });
export type MediaUploadQuery = Static<typeof MediaUploadQuery>;
/** The optional X-File-Name header: the file's name as the person chose it, URI-encoded. */
export const MediaFileName = Type.String({ minLength: 1, maxLength: 255 });

/** Keys that are ids as text ("27"). */
const IdKey = Type.String({ pattern: '^[1-9][0-9]{0,9}$' });
const IdSet = Type.Record(IdKey, Type.Literal(true), { additionalProperties: false, maxProperties: 10000 });

/** What a medium is associated with: products, properties and options, each a set of ids. */
export const MediumAssociations = closed({
  products: Type.Optional(IdSet),
  productProperties: Type.Optional(IdSet),
  productOptions: Type.Optional(IdSet),
});
export type MediumAssociations = Static<typeof MediumAssociations>;

/** POST /api/resources/media/update: the caption (title) and the associations. */
export const MediumUpdateBody = closed({
  where: closed({ id: Id }),
  props: Type.Object(
    { title: Type.Optional(Nullable(Type.String({ maxLength: 255 }))), associations: Type.Optional(MediumAssociations) },
    { additionalProperties: false, minProperties: 1 },
  ),
});
export type MediumUpdateBody = Static<typeof MediumUpdateBody>;

/** POST /api/resources/media/destroy: the row and its file go; products showing it show none. */
export const MediumDestroyBody = closed({ where: closed({ id: Id }) });
export type MediumDestroyBody = Static<typeof MediumDestroyBody>;

/**
 * A medium as the upload and the update answer it: the stored row with its time-limited address
 * (`presignedUrl`, null without a file), never where its file is kept.
 */
export const MediumResponse = MediumSchema;
export type MediumResponse = Static<typeof MediumResponse>;

/** POST /api/resources/media/destroy: the medium deleted, and the products that showed it (they show none now). */
export const MediumDestroyResponse = closed({ id: Id, productIds: Type.Array(Id) });
export type MediumDestroyResponse = Static<typeof MediumDestroyResponse>;
