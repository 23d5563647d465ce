import { type DehydratedState, HydrationBoundary } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { AppErrorBoundary } from '../app/error-screens';
import { Providers } from '../app/providers';

/** The id of the JSON block that carries a server-rendered page's state. */
export const SERVER_STATE_ID = 'halalnosh-ssr-state';

/** What a server-rendered page hands the browser: its query cache (the router needs nothing but the address). */
export type ServerState = { queries: DehydratedState };

/**
 * Everything around the router, the same in the browser and on the server, so a server-rendered
 * page hydrates into exactly the tree that made it. `queries` fills the query cache before the
 * first render (the server's answers), so the page renders with its data and fetches nothing.
 */
export function AppTree({ queries, children }: { queries?: DehydratedState; children: ReactNode }) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <Providers>{queries ? <HydrationBoundary state={queries}>{children}</HydrationBoundary> : children}</Providers>
      </AppErrorBoundary>
    </StrictMode>
  );
}
