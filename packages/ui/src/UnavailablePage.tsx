import styles from './UnavailablePage.module.css';

export interface UnavailablePageProps {
  /** The area's name, shown as the page heading (e.g. "Orders"). */
  title: string;
  /** Optional second line naming the part of the area (e.g. an admin section). */
  subtitle?: string;
}

/** An honest page for an area that is not built yet: no fake content, no dead controls. */
export function UnavailablePage({ title, subtitle }: UnavailablePageProps) {
  return (
    <section className={styles.page} aria-labelledby="unavailable-heading">
      <h1 id="unavailable-heading" className={styles.heading}>
        {title}
      </h1>
      {subtitle ? <h2 className={styles.subheading}>{subtitle}</h2> : null}
      <p className={styles.text}>This area is not available yet.</p>
    </section>
  );
}
