import type { ReactNode } from 'react';
import { Link } from '@cpq/ui';
import type { Row } from './adminApi.ts';
import styles from './admin.module.css';
import { RankInput } from './RankInput.tsx';

type Ranked = Row & { rank: number; title: string };

/** A column after Rank, ID and Title: its header, its cell's content and optionally the cell's class and test id. */
export type ExtraColumn<T> = { key?: string; header: string; cell(row: T): ReactNode; className?(row: T): string | undefined; testId?: string };

/** The Title cell links to the row's page, or is drawn by the caller (e.g. a button opening a popup). */
type TitleCell<T> = { href(id: number): string; titleCell?: undefined } | { titleCell(row: T): ReactNode; href?: undefined };

/**
 * The table of an orderable admin list: Rank (typed to move the row), ID, Title, then any extra
 * columns. `count` is the size of the whole list, filtered rows included. Each cell names its column
 * (data-label) for the card a row becomes on a phone, the title first.
 */
export function RankedTable<T extends Ranked>({
  rows,
  count,
  onMove,
  columns = [],
  rowTestId,
  testId,
  ...title
}: {
  rows: readonly T[];
  count: number;
  onMove(id: number, rank: number): void;
  columns?: readonly ExtraColumn<T>[];
  rowTestId?(row: T): string;
  testId?: string;
} & TitleCell<T>) {
  return (
    <table className={styles.table} data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">ID</th>
          <th scope="col">Title</th>
          {columns.map((c) => (
            <th key={c.key ?? c.header} scope="col">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} data-testid={rowTestId?.(r)}>
            <td data-label="Rank">
              <RankInput rank={r.rank} count={count} label={`Rank of ${r.title}`} onMove={(to) => onMove(r.id, to)} />
            </td>
            <td data-label="ID" className={styles.idCell}>{r.id}</td>
            <td className={styles.primaryCell}>{title.titleCell ? title.titleCell(r) : <Link href={title.href(r.id)}>{r.title}</Link>}</td>
            {columns.map((c) => (
              <td key={c.key ?? c.header} className={c.className?.(r)} data-testid={c.testId} data-label={c.header}>
                {c.cell(r)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
