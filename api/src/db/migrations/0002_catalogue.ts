import type { Knex } from 'knex';
import { catalogueBase, flag, orgColumn, timestamps } from './helpers.ts';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('product_categories', (t) => {
    catalogueBase(t, 'Untitled Category');
    t.string('thumbnail_url', 1000).nullable();
    timestamps(t);
  });

  await knex.schema.createTable('product_pricing_rules', (t) => {
    t.increments('id').primary();
    orgColumn(t);
    t.string('title', 255).notNullable().defaultTo('Untitled Pricing Rule');
    flag(t, 'deleted');
    t.json('versions'); // { "1": { created, expressions: [...] }, ... }
    timestamps(t);
  });

  await knex.schema.createTable('media', (t) => {
    t.increments('id').primary();
    orgColumn(t);
    t.string('type', 32).notNullable().defaultTo('image');
    t.string('title', 255).nullable();
    t.string('file_name', 255).nullable();
    t.string('file_extension', 16).nullable();
    t.integer('uploader_id').unsigned().nullable();
    flag(t, 'has_file');
    t.json('associations');
    timestamps(t);
  });

  await knex.schema.createTable('products', (t) => {
    catalogueBase(t, 'Untitled Product');
    t.text('description').nullable();
    t.text('links').nullable();
    t.string('thumbnail_url', 1000).nullable();
    t.string('publish_level', 16).notNullable().defaultTo('all');
    flag(t, 'is_stocked');
    t.integer('current_inventory').nullable();
    t.json('reference_codes');
    t.json('reference_code_formulas');
    t.json('associations'); // { productProperties: { [propertyId]: { disabledProductOptionIds? } } }
    t.integer('product_category_id').notNullable().defaultTo(-1); // -1 = unassigned
    t.integer('product_pricing_rule_id').unsigned().nullable().references('id').inTable('product_pricing_rules');
    flag(t, 'instance_title_is_required');
    flag(t, 'should_round_price');
    flag(t, 'has_script');
    t.json('export_price_data');
    t.integer('medium_id').unsigned().nullable().references('id').inTable('media');
    timestamps(t);
    t.index(['org_id', 'product_category_id']);
  });

  await knex.schema.createTable('product_property_groups', (t) => {
    catalogueBase(t, 'Untitled Property Group');
    t.json('properties'); // map keyed by property id
    timestamps(t);
  });

  await knex.schema.createTable('product_properties', (t) => {
    catalogueBase(t, 'Untitled Product Property');
    t.string('internal_title', 255).nullable();
    t.string('type', 32).notNullable().defaultTo('singleSelect');
    flag(t, 'is_array');
    flag(t, 'no_option_thumbnails');
    flag(t, 'is_order_level');
    t.string('place_holder', 255).nullable();
    flag(t, 'multiline');
    t.string('drawing_visibility', 16).notNullable().defaultTo('visible');
    t.string('invoice_visibility', 16).notNullable().defaultTo('inline');
    flag(t, 'show_thumbnails_on_invoice');
    t.json('product_option_data_fields');
    t.json('data'); // { minDimension, maxDimension, dimensionInterval }
    t.integer('product_property_group_id').unsigned().nullable().references('id').inTable('product_property_groups');
    t.string('thumbnail_url', 1000).nullable();
    timestamps(t);
  });

  await knex.schema.createTable('product_options', (t) => {
    catalogueBase(t, 'Untitled Option');
    t.integer('product_property_id').unsigned().notNullable().references('id').inTable('product_properties');
    t.string('publish_level', 16).notNullable().defaultTo('all');
    t.json('data');
    t.json('classifications');
    t.json('reference_codes');
    t.string('thumbnail_url', 1000).nullable();
    timestamps(t);
    t.index(['product_property_id']);
  });

  await knex.schema.createTable('product_option_classifiers', (t) => {
    catalogueBase(t, 'Untitled Classifier');
    t.json('data'); // { groups: [...], numbers: [...] }
    timestamps(t);
  });

  await knex.schema.createTable('product_rules', (t) => {
    t.increments('id').primary();
    orgColumn(t);
    t.string('title', 255).nullable();
    t.string('type', 32).notNullable(); // incompatible | compatible
    t.string('from_resource_key', 64).notNullable();
    t.string('to_resource_key', 64).notNullable();
    t.json('from_ids');
    t.json('to_ids');
    flag(t, 'archived');
    timestamps(t);
  });

  await knex.schema.createTable('product_graphics', (t) => {
    t.increments('id').primary();
    orgColumn(t);
    t.integer('product_id').unsigned().nullable().references('id').inTable('products');
    t.string('title', 255).notNullable().defaultTo('Untitled Graphic');
    flag(t, 'archived');
    t.json('nodes');
    timestamps(t);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['product_graphics', 'product_rules', 'product_option_classifiers', 'product_options', 'product_properties', 'product_property_groups', 'products', 'media', 'product_pricing_rules', 'product_categories']) {
    await knex.schema.dropTableIfExists(t);
  }
}
