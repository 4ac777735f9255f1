import { Suspense, useEffect, useRef } from 'react';
import { Link, LoadingScreen, UnavailablePage, useLocationPath } from '@cpq/ui';
import { useAtomValue } from 'jotai';
import { sessionAtom, usePageTitle } from '@cpq/client';
import { ADMIN_SECTIONS, PLATFORM_SECTIONS, adminRoute, adminTitle, sectionOf } from './routes.ts';
import { SCREENS } from './screens.tsx';
import { AdminPage } from './common/index.ts';
import styles from './App.module.css';

/** Root of mfe-admin: the admin sidebar and the screen the address names. */
export function App() {
  const pathname = useLocationPath();
  const current = sectionOf(pathname);
  const route = adminRoute(pathname);
  usePageTitle(adminTitle(route));
  const sections = useAtomValue(sessionAtom)?.user.isPlatformAdmin === true ? [...ADMIN_SECTIONS, ...PLATFORM_SECTIONS] : ADMIN_SECTIONS;
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    // On a phone the menu is one strip that scrolls sideways: bring the current section into view, without moving the page.
    const list = listRef.current;
    const link = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !link || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = link.offsetLeft - (list.clientWidth - link.offsetWidth) / 2;
  }, [current]);
  return (
    <div className={styles.layout}>
      <nav aria-label="Admin" className={styles.sidebar}>
        <ul className={styles.list} ref={listRef}>
          {sections.map((s) => (
            <li key={s.path}>
              <Link href={`/admin/${s.path}`} className={styles.link} aria-current={s.path === current ? 'page' : undefined}>
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.content}>
        <Screen route={route} />
      </div>
    </div>
  );
}

function Screen({ route }: { route: ReturnType<typeof adminRoute> }) {
  if (route.kind === 'notFound') {
    return (
      <AdminPage title="Page not found">
        <p>There is no admin page at this address. Choose a section from the Admin menu.</p>
      </AdminPage>
    );
  }
  const Component = SCREENS[route.section];
  if (!Component) return <UnavailablePage title="Admin" subtitle={ADMIN_SECTIONS.find((s) => s.path === route.section)?.label ?? route.section} />;
  const id = route.kind === 'detail' ? route.id : null;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Component key={`${route.section}/${id ?? ''}`} id={id} />
    </Suspense>
  );
}
