import type { Knex } from 'knex';

/**
 * Uploaded media (docs/decisions/0055-media.md): where the file is kept (its key in the media
 * storage, made by the server), what its bytes are (image/jpeg or image/png) and how many there are.
 * Rows from before have no file (has_file 0) and keep null here.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('media', (t) => {
    t.string('storage_key', 255).nullable();
    t.string('content_type', 32).nullable();
    t.integer('byte_size').unsigned().nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('media', (t) => {
    t.dropColumn('storage_key');
    t.dropColumn('content_type');
    t.dropColumn('byte_size');
  });
}
