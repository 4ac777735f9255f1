import { Component, Suspense, lazy, useMemo, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPanel } from './ErrorPanel.tsx';

class PartBoundary extends Component<{ children: ReactNode; heading: string; onRetry: () => void }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(this.props.heading, error, info.componentStack);
  }
  override render() {
    if (this.state.error) {
      return (
        <ErrorPanel
          heading={this.props.heading}
          detail="The rest of the page works. Check your connection and retry."
          technicalDetail={this.state.error instanceof Error ? this.state.error.message : String(this.state.error)}
          testId="portal-part-error"
          onRetry={this.props.onRetry}
        />
      );
    }
    return this.props.children;
  }
}

export interface PortalPartViewProps<P extends object> {
  /** Loads the part's component (through the shell's portal-part loader); called again on Retry. */
  load: () => Promise<ComponentType<P>>;
  props: P;
  loadingText: string;
  errorHeading: string;
}

/** A screen part another micro-frontend builds: loaded on first render, with a loading line and an error with Retry in its own area. */
export function PortalPartView<P extends object>({ load, props, loadingText, errorHeading }: PortalPartViewProps<P>) {
  const [attempt, setAttempt] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const Part = useMemo(() => lazy(async () => ({ default: await load() })), [attempt]);
  return (
    <PartBoundary key={attempt} heading={errorHeading} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense
        fallback={
          <p role="status" data-testid="portal-part-loading" style={{ minHeight: 200, display: 'grid', placeItems: 'center', color: 'var(--color-text-muted)' }}>
            {loadingText}
          </p>
        }
      >
        <Part {...(props as P & object)} />
      </Suspense>
    </PartBoundary>
  );
}
