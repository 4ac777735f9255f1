import { Link, UnavailablePage, useLocationPath } from '@cpq/ui';
import { ADMIN_SECTIONS, sectionOf } from './sections.ts';
import styles from './App.module.css';

/** Root of mfe-admin: the admin sidebar and, for now, an honest page for each section. */
export function App() {
  const pathname = useLocationPath();
  const current = sectionOf(pathname);
  const section = ADMIN_SECTIONS.find((s) => s.path === current);
  return (
    <div className={styles.layout}>
      <nav aria-label="Admin" className={styles.sidebar}>
        <ul className={styles.list}>
          {ADMIN_SECTIONS.map((s) => (
            <li key={s.path}>
              <Link href={`/admin/${s.path}`} className={styles.link} aria-current={s.path === current ? 'page' : undefined}>
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.content}>
        <UnavailablePage title="Admin" subtitle={section?.label} />
      </div>
    </div>
  );
}
