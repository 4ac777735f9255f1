import type { Knex } from 'knex';
import { flag, orgColumn, timestamps } from './helpers.ts';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('product_orders', (t) => {
    t.increments('id').primary();
    orgColumn(t);
    t.integer('org_specific_id').unsigned().notNullable();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users');
    t.string('title', 255).notNullable().defaultTo('Untitled Order');
    t.string('type', 16).notNullable().defaultTo('standalone');
    t.integer('product_id').nullable();
    t.integer('product_category_id').nullable();
    flag(t, 'archived');
    flag(t, 'is_stocked');
    flag(t, 'disable_sales_tax');
    flag(t, 'prompted_for_project_info');
    flag(t, 'is_processing_payment');
    t.json('status_data');
    t.string('last_completed_status_key', 64).nullable();
    t.string('effective_pricing_date', 32).nullable();
    t.bigInteger('amount_paid_in_cents').notNullable().defaultTo(0);
    t.datetime('last_payment_date').nullable();
    t.string('shipping_mode', 16).nullable(); // amount | rate
    t.decimal('shipping_percentage', 8, 4).nullable();
    t.bigInteger('shipping_flat_amount').nullable();
    t.string('discount_mode', 16).nullable();
    t.decimal('discount_percentage', 8, 4).nullable();
    t.bigInteger('discount_flat_amount').nullable();
    t.decimal('tax_percentage', 8, 4).nullable();
    t.decimal('tariff_percentage', 8, 4).nullable();
    t.text('primary_note').nullable();
    t.text('secondary_note').nullable();
    t.text('feedback_notes').nullable();
    t.json('command_data');
    t.json('costs');
    t.json('integration_data');
    t.string('phone', 64).nullable();
    t.string('email', 254).nullable();
    t.json('client_emails');
    t.json('addresses'); // { deliveryAddress, billingAddress }
    t.string('contact_name', 255).nullable();
    t.string('project_name', 255).nullable();
    t.string('firm_name', 255).nullable();
    t.string('purchase_order_number', 128).nullable();
    t.string('estimate_number', 128).nullable();
    t.string('external_link1', 1000).nullable();
    t.string('tracking_number', 255).nullable();
    t.string('estimated_shipping_date', 32).nullable();
    t.string('shareable_link', 1000).nullable();
    t.json('involved_users'); // { [userId]: { role, pricingIsHidden } }
    timestamps(t);
    t.unique(['org_id', 'org_specific_id']);
    t.index(['org_id', 'user_id']);
  });

  await knex.schema.createTable('arch_custom_views', (t) => {
    t.increments('id').primary();
    orgColumn(t);
    t.integer('product_order_id').unsigned().notNullable().references('id').inTable('product_orders').onDelete('CASCADE');
    t.string('title', 255).notNullable().defaultTo('Untitled View');
    t.integer('rank').notNullable().defaultTo(0);
    t.json('drawing_notes_data');
    timestamps(t);
  });

  await knex.schema.createTable('product_instances', (t) => {
    t.increments('id').primary();
    orgColumn(t);
    t.integer('product_order_id').unsigned().notNullable().references('id').inTable('product_orders').onDelete('CASCADE');
    t.integer('product_id').notNullable(); // -1 = custom product
    t.string('title', 40).nullable();
    t.integer('quantity').notNullable().defaultTo(1);
    t.integer('rank').notNullable().defaultTo(1);
    t.text('notes').nullable();
    t.json('properties');
    t.integer('arch_custom_view_id').unsigned().nullable();
    t.bigInteger('custom_price_in_cents').nullable();
    t.string('thumbnail_url', 1000).nullable();
    t.integer('medium_id').unsigned().nullable();
    timestamps(t);
    t.index(['product_order_id']);
  });

  for (const name of ['arch_walls', 'arch_elevations']) {
    await knex.schema.createTable(name, (t) => {
      t.increments('id').primary();
      orgColumn(t);
      t.integer('product_order_id').unsigned().notNullable().references('id').inTable('product_orders').onDelete('CASCADE');
      t.json('from'); // { x, z }
      t.json('to');
      t.decimal('height', 12, 4).notNullable().defaultTo(0);
      t.decimal('thickness', 12, 4).notNullable().defaultTo(0);
      if (name === 'arch_elevations') t.decimal('view_depth', 12, 4).nullable();
      timestamps(t);
      t.index(['product_order_id']);
    });
  }

  await knex.schema.createTable('entities', (t) => {
    t.increments('id').primary();
    orgColumn(t);
    t.integer('product_order_id').unsigned().notNullable().references('id').inTable('product_orders').onDelete('CASCADE');
    t.string('type', 64).notNullable();
    t.integer('parent_id').nullable();
    t.string('parent_resource_key', 64).nullable();
    t.json('data');
    t.json('properties');
    flag(t, 'is_tentative');
    timestamps(t);
    t.index(['product_order_id']);
  });

  await knex.schema.createTable('product_canvas_texts', (t) => {
    t.increments('id').primary();
    orgColumn(t);
    t.integer('product_order_id').unsigned().notNullable().references('id').inTable('product_orders').onDelete('CASCADE');
    t.text('text').nullable();
    t.json('position');
    t.decimal('width', 12, 4).nullable();
    t.integer('custom_view_id').unsigned().nullable();
    timestamps(t);
  });

  await knex.schema.createTable('product_canvas_lines', (t) => {
    t.increments('id').primary();
    orgColumn(t);
    t.integer('product_order_id').unsigned().notNullable().references('id').inTable('product_orders').onDelete('CASCADE');
    t.json('from');
    t.json('to');
    t.decimal('stroke_width', 12, 4).nullable();
    t.string('from_symbol', 32).nullable();
    t.string('to_symbol', 32).nullable();
    t.integer('custom_view_id').unsigned().nullable();
    flag(t, 'is_tentative');
    timestamps(t);
  });

  await knex.schema.createTable('share_tokens', (t) => {
    t.increments('id').primary();
    orgColumn(t);
    t.string('token_hash', 64).notNullable().unique();
    t.integer('product_order_id').unsigned().notNullable().references('id').inTable('product_orders').onDelete('CASCADE');
    t.integer('created_by').unsigned().nullable();
    flag(t, 'pricing_is_hidden');
    t.datetime('created').notNullable();
    t.datetime('expires').nullable();
    t.datetime('revoked').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['share_tokens', 'product_canvas_lines', 'product_canvas_texts', 'entities', 'arch_elevations', 'arch_walls', 'product_instances', 'arch_custom_views', 'product_orders']) {
    await knex.schema.dropTableIfExists(t);
  }
}
