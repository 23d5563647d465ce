import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { ApiError } from '../lib/api';
import { toast } from '../lib/toast';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { Alert } from './alert';
import { Button } from './button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './card';
import { PageLoading, Spinner } from './spinner';

const TERMS_KEY = ['terms'] as const;

/** Whether an error is the server's refusal of work before the current terms are accepted. */
export function isTermsRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'TERMS_NOT_ACCEPTED';
}

/**
 * Drivers and partners carry on only after accepting the current terms version; a new version
 * asks them again (docs/decisions/0154-terms-acceptance.md). Anyone else passes straight through.
 * When the server refuses a write because the terms moved on while the page was open (403
 * TERMS_NOT_ACCEPTED), the action's own error shows the server's message and the gate asks at once.
 */
export function TermsGate({ children, audience }: { children: ReactNode; audience: 'driver' | 'partner' }) {
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const terms = useQuery({
    queryKey: TERMS_KEY,
    queryFn: ({ signal }) => call(endpoints.account.getTerms, { signal }),
    staleTime: 60_000,
  });
  useEffect(() => {
    const recheck = (error: unknown) => {
      if (!isTermsRefusal(error)) return;
      setRefused((error as ApiError).message);
      void queryClient.invalidateQueries({ queryKey: TERMS_KEY });
    };
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.mutation.state.status === 'error') recheck(event.mutation.state.error);
    });
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.query.state.status === 'error') recheck(event.query.state.error);
    });
    return () => {
      offMutations();
      offQueries();
    };
  }, [queryClient]);
  const accept = useMutation({
    mutationFn: (version: string) => call(endpoints.account.postTermsAccept, { body: { version } }),
    onSuccess: (data) => queryClient.setQueryData(TERMS_KEY, data),
    onError: (error) => {
      toast.error('Could not record your acceptance', { description: error.message });
      void terms.refetch();
    },
  });
  if (terms.isPending) return <PageLoading />;
  if (!terms.data?.mustAccept) return <>{children}</>;
  const { version, acceptedVersion } = terms.data;
  return (
    <div className="mx-auto grid w-full max-w-xl px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle as="h1">{acceptedVersion ? 'Our terms have changed' : 'Accept the HalalNosh terms'}</CardTitle>
          <CardDescription>
            Please read and accept the HalalNosh {audience} terms (version {version}) before you carry on.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {refused ? (
            <Alert variant="warning" role="alert">
              {refused}
            </Alert>
          ) : null}
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1 size-4"
              checked={checked}
              onChange={(e) => setChecked(e.target.checked)}
            />
            <span>
              I accept the HalalNosh {audience} terms and conditions (version {version})
            </span>
          </label>
          <Button disabled={!checked || accept.isPending} onClick={() => accept.mutate(version)}>
            {accept.isPending ? <Spinner className="size-4 text-primary-foreground" /> : null}
            Accept and continue
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
