import { useEffect, useState, type MouseEvent } from 'react';
import { navigateToUrl } from 'single-spa';
import { UnavailablePage } from '@cpq/ui';
import { ADMIN_SECTIONS, sectionOf } from './sections.ts';
import styles from './App.module.css';

function usePathname(): string {
  const [pathname, setPathname] = useState(() => window.location.pathname);
  useEffect(() => {
    const update = () => setPathname(window.location.pathname);
    window.addEventListener('popstate', update);
    window.addEventListener('single-spa:routing-event', update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener('single-spa:routing-event', update);
    };
  }, []);
  return pathname;
}

/** Root of mfe-admin: the admin sidebar and, for now, an honest page for each section. */
export function App() {
  const pathname = usePathname();
  const current = sectionOf(pathname);
  const section = ADMIN_SECTIONS.find((s) => s.path === current);
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    navigateToUrl(e.currentTarget.href);
  };
  return (
    <div className={styles.layout}>
      <nav aria-label="Admin" className={styles.sidebar}>
        <ul className={styles.list}>
          {ADMIN_SECTIONS.map((s) => (
            <li key={s.path}>
              <a
                href={`/admin/${s.path}`}
                onClick={follow}
                className={styles.link}
                aria-current={s.path === current ? 'page' : undefined}
              >
                {s.label}
              </a>
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
