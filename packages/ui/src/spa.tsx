import React, { startTransition, type ComponentType } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { Provider } from 'jotai';
import { ErrorPanel } from './ErrorPanel.tsx';

type Store = NonNullable<React.ComponentProps<typeof Provider>['store']>;

export interface SpaOptions {
  /** Workspace name, written to data-remote so a person (and a test) can tell which build drew the area. */
  remote: string;
  /** Optional page name within the remote (data-page). */
  page?: string;
  /** The portal's one jotai store (portalStore of @cpq/client). */
  store: Store;
  Page: ComponentType;
  className?: string;
}

/**
 * React roots whose renders are transitions: a page that mounts is rendered in slices of a few
 * milliseconds with the browser free to handle input in between, not in one long task.
 */
const timeSlicedClient = {
  createRoot(container: Element | DocumentFragment): ReactDOMClient.Root {
    const root = ReactDOMClient.createRoot(container);
    return {
      render: (children) => startTransition(() => root.render(children)),
      unmount: () => root.unmount(),
    };
  },
} as typeof ReactDOMClient;

/**
 * single-spa lifecycles for one micro-frontend page: rendered inside the portal's jotai store, in an
 * element marked data-remote, with a contained error panel if the page crashes.
 */
export function createSpaLifecycles({ remote, page, store, Page, className }: SpaOptions) {
  const Frame = ({ children }: { children: React.ReactNode }) => (
    <div className={className} data-remote={remote} data-page={page}>
      {children}
    </div>
  );
  function Root() {
    return (
      <Provider store={store}>
        <Frame>
          <Page />
        </Frame>
      </Provider>
    );
  }
  return singleSpaReact({
    React,
    ReactDOMClient: timeSlicedClient,
    rootComponent: Root,
    errorBoundary: (err: Error) => (
      <Frame>
        <ErrorPanel
          heading="This part of the portal stopped working."
          detail={err.message || 'An unexpected error occurred.'}
          onRetry={() => window.location.reload()}
          testId="remote-crash"
        />
      </Frame>
    ),
  });
}
