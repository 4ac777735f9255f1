import { lazy, Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { activeOrgAtom } from '@cpq/client';
import { ErrorPanel, LoadingScreen, useLocationKey } from '@cpq/ui';
import { boot, bootStateAtom } from '../boot.ts';
import { isPrintPage, matchRoute } from '../routes.ts';
import { Header } from './Header.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PluginError } from './PluginError.tsx';
import { ShareLinkInvalidPage } from './ShareLinkInvalidPage.tsx';
import { SignInPage } from './SignInPage.tsx';
import { SkipLinks } from './SkipLinks.tsx';

// Pages and tours few visits need load when they show, not with every start-up (decision 0113).
const InvitationPage = lazy(() => import('./InvitationPage.tsx').then((m) => ({ default: m.InvitationPage })));
const ShareeTour = lazy(() => import('../tour/ShareeTour.tsx').then((m) => ({ default: m.ShareeTour })));

/**
 * The chrome application, mounted for every route: loading screen, sign-in, header bar and the
 * fallback pages. Micro-frontends mount below it in <main id="cpq-main">.
 */
export function Chrome({ onReady }: { onReady: () => void }) {
  const state = useAtomValue(bootStateAtom);
  const org = useAtomValue(activeOrgAtom);
  const location = useLocationKey();
  const queryAt = location.indexOf('?');
  const pathname = queryAt < 0 ? location : location.slice(0, queryAt);

  if (state.status === 'loading') return <LoadingScreen />;
  if (state.status === 'invitation') {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <InvitationPage token={state.token} />
      </Suspense>
    );
  }
  if (state.status === 'signedOut') return <SignInPage sharedOrder={state.sharedOrder === true} />;
  if (state.status === 'shareLinkInvalid') {
    return <ShareLinkInvalidPage message={state.message} signedIn={state.signedIn} {...(state.retryable ? { onRetry: () => void boot(onReady) } : {})} />;
  }
  if (state.status === 'failed') {
    return (
      <ErrorPanel
        heading="The portal could not start."
        detail={state.message}
        onRetry={() => void boot(onReady)}
      />
    );
  }

  const route = matchRoute(pathname);
  if (state.status === 'pluginFailed') {
    return (
      <>
        <Header route={route} pathname={pathname} />
        <PluginError orgTitle={state.orgTitle} message={state.message} retrying={state.retrying} />
      </>
    );
  }
  // The PDF service's page: its sheets alone (no header to render, no share popup to fetch ahead).
  if (isPrintPage(route, queryAt < 0 ? '' : location.slice(queryAt))) return null;
  const adminDenied = route.kind === 'admin' && org?.role !== 'owner';
  return (
    <>
      {/* Pages drawn here (not found, refused) have no content in <main> to skip to. */}
      {route.kind !== 'notFound' && route.kind !== 'invitation' && !adminDenied ? <SkipLinks onOrder={route.kind === 'order' && route.tab === 'edit'} /> : null}
      <Header route={route} pathname={pathname} />
      {route.kind === 'notFound' ? <NotFoundPage type={pathname.startsWith('/admin') ? 'admin' : route.type} /> : null}
      {/* The link's token was taken at start-up: reached again later, the address is no page. */}
      {route.kind === 'invitation' ? <NotFoundPage type="page" /> : null}
      {adminDenied ? <NotFoundPage type="admin" /> : null}
      {route.kind === 'order' && route.tab === 'edit' ? (
        <Suspense fallback={null}>
          <ShareeTour />
        </Suspense>
      ) : null}
    </>
  );
}
