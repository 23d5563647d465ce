import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, buttonClasses } from '../ui/button';

/** "Oops! Something went wrong" with Reload Page and Go to Home (docs/product/customer.md#global-screens). */
export function GlobalErrorScreen() {
  return (
    <main
      id="main"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background px-4 text-center"
    >
      <div role="alert" className="grid gap-2">
        <h1 className="text-2xl font-bold">Oops! Something went wrong</h1>
        <p className="max-w-md text-muted-foreground">
          An unexpected error stopped this page. Reloading usually fixes it.
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => window.location.reload()}>Reload Page</Button>
        {/* a full page load, not a router link: the router itself may be what failed */}
        <a href="/" className={buttonClasses({ variant: 'outline' })}>
          Go to Home
        </a>
      </div>
    </main>
  );
}

type BoundaryProps = { children: ReactNode; resetKey?: string };
type BoundaryState = { failed: boolean; resetKey?: string };

/**
 * Catches render errors (a page's, or the providers' outside the router) and a page whose code failed to load, logs
 * them and shows the global error screen; around the pages (`resetKey` their path), the next navigation clears it.
 */
export class AppErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failed: false, resetKey: this.props.resetKey };
  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }
  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }
  render(): ReactNode {
    return this.state.failed ? <GlobalErrorScreen /> : this.props.children;
  }
}
