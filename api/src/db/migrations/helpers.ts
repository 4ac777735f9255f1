import type { Knex } from 'knex';

/** Shared column helpers so that every table is built the same way on SQLite and MySQL/MariaDB. */
export function orgColumn(t: Knex.CreateTableBuilder): void {
  t.integer('org_id').unsigned().notNullable().references('id').inTable('organisations');
  t.index(['org_id']);
}

export function flag(t: Knex.CreateTableBuilder, name: string, def = 0): void {
  t.tinyint(name).notNullable().defaultTo(def);
}

/** created / last_updated in UTC, 'YYYY-MM-DD HH:MM:SS' (set by the repository layer). */
export function timestamps(t: Knex.CreateTableBuilder): void {
  t.datetime('created').notNullable();
  t.datetime('last_updated').notNullable();
}

export function catalogueBase(t: Knex.CreateTableBuilder, defaultTitle: string): void {
  t.increments('id').primary();
  orgColumn(t);
  t.string('title', 255).notNullable().defaultTo(defaultTitle);
  t.integer('rank').notNullable().defaultTo(0);
  flag(t, 'archived');
}
