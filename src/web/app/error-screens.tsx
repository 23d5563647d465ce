import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
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

/** The router's error element: logs the error and shows the global error screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  console.error(error);
  return <GlobalErrorScreen />;
}

/** Catches render errors outside the router (providers) and shows the global error screen. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }
  render(): ReactNode {
    return this.state.failed ? <GlobalErrorScreen /> : this.props.children;
  }
}
