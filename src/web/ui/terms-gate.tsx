import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type FormEvent,
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { TermsResponse } from '../../domain/contracts/account/terms-endpoints';
import { ApiError } from '../lib/api';
import { toast } from '../lib/toast';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { Alert } from './alert';
import { Button } from './button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './card';
import { Dialog } from './dialog';
import { FormAlert } from './form-alert';
import { PageLoading, Spinner } from './spinner';
import { useFormErrors } from './use-form-errors';

const TERMS_KEY = ['terms'] as const;

/** Whether an error is the server's refusal of work before the current terms are accepted. */
export function isTermsRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'TERMS_NOT_ACCEPTED';
}

/** How the web app asks for the terms (docs/decisions/0212-new-terms-banner-not-gate.md). */
export type TermsAsk = 'card' | 'banner' | 'none';

/**
 * Someone who has never accepted a version is asked with the full card (they have no work under
 * way); someone who accepted an earlier one keeps working and sees a banner; anyone else nothing.
 */
export function termsAsk(terms: Pick<TermsResponse, 'mustAccept' | 'acceptedVersion'> | undefined): TermsAsk {
  if (!terms?.mustAccept) return 'none';
  return terms.acceptedVersion ? 'banner' : 'card';
}

type TermsContextValue = {
  /**
   * Before new work (going online, taking a job, opening a branch): resolves true when the current
   * terms are accepted, asking for them first when they are not; false when the person declines.
   */
  beforeNewWork: () => Promise<boolean>;
  /** After the server refused new work for the terms: asks for them, with its message. */
  askAfterRefusal: (error: unknown) => boolean;
};

const TermsContext = createContext<TermsContextValue>({
  beforeNewWork: async () => true,
  askAfterRefusal: () => false,
});

/** The terms prompt of the surrounding driver or partner pages (every action passes outside them). */
export function useTermsBeforeNewWork(): TermsContextValue {
  return useContext(TermsContext);
}

/**
 * The acceptance form, with the form kit (docs/decisions/0219-one-form-kit.md): a refusal that
 * names the body's `version` shows under the checkbox, any other (the version moved on meanwhile)
 * in the form's alert, where the person is looking, above the new version to tick.
 */
function AcceptBox({
  audience,
  version,
  onAccept,
}: {
  audience: 'driver' | 'partner';
  version: string;
  /** Records the acceptance; rejects with the API's error. */
  onAccept: () => Promise<unknown>;
}) {
  // Ticked for one version: when the terms move on, the new version is unticked until read.
  const [checkedFor, setCheckedFor] = useState<string | null>(null);
  const checked = checkedFor === version;
  const { formRef, errors, formError, busy, submit } = useFormErrors(['accept'], { paths: { version: 'accept' } });
  const errorId = `${useId()}-error`;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checked) void submit(onAccept);
  };
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-1 size-4"
            checked={checked}
            aria-invalid={errors.accept ? true : undefined}
            aria-describedby={errors.accept ? errorId : undefined}
            onChange={(e) => setCheckedFor(e.target.checked ? version : null)}
          />
          <span>
            I accept the HalalNosh {audience} terms and conditions (version {version})
          </span>
        </label>
        {errors.accept ? (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {errors.accept}
          </p>
        ) : null}
      </div>
      <FormAlert message={formError} />
      <Button type="submit" disabled={!checked || busy}>
        {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
        Accept and continue
      </Button>
    </form>
  );
}

/**
 * Drivers and partners accept the current terms version (docs/decisions/0154-terms-acceptance.md).
 * A first acceptance is a card in front of the pages. A new version never stops work under way
 * (docs/decisions/0206-new-terms-hold-back-new-work-only.md): the pages stay usable under a
 * banner, and only new work (going online, taking a job, opening a branch) asks for the terms
 * first, in a dialog; a write the server still refuses for the terms (403 TERMS_NOT_ACCEPTED) opens
 * the same dialog with its message. Anyone else passes straight through.
 */
export function TermsGate({ children, audience }: { children: ReactNode; audience: 'driver' | 'partner' }) {
  const queryClient = useQueryClient();
  const [refused, setRefused] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const waiting = useRef<((accepted: boolean) => void) | null>(null);
  const terms = useQuery({
    queryKey: TERMS_KEY,
    queryFn: ({ signal }) => call(endpoints.account.getTerms, { signal }),
    staleTime: 60_000,
  });

  const settle = useCallback((accepted: boolean) => {
    waiting.current?.(accepted);
    waiting.current = null;
  }, []);

  const askAfterRefusal = useCallback(
    (error: unknown) => {
      if (!isTermsRefusal(error)) return false;
      setRefused((error as ApiError).message);
      setDialogOpen(true);
      void queryClient.invalidateQueries({ queryKey: TERMS_KEY });
      return true;
    },
    [queryClient],
  );

  useEffect(() => {
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.mutation.state.status === 'error')
        askAfterRefusal(event.mutation.state.error);
    });
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.query.state.status === 'error') askAfterRefusal(event.query.state.error);
    });
    return () => {
      offMutations();
      offQueries();
    };
  }, [queryClient, askAfterRefusal]);

  const beforeNewWork = useCallback(async () => {
    // The version may have moved on since the page loaded: ask the server, which is quick.
    let current: TermsResponse;
    try {
      current = await queryClient.fetchQuery({
        queryKey: TERMS_KEY,
        queryFn: ({ signal }) => call(endpoints.account.getTerms, { signal }),
        staleTime: 0,
      });
    } catch {
      return true; // The action itself will meet the server's answer.
    }
    if (!current.mustAccept) return true;
    settle(false);
    setRefused(null);
    setDialogOpen(true);
    return new Promise<boolean>((resolve) => {
      waiting.current = resolve;
    });
  }, [queryClient, settle]);

  const accept = useMutation({
    mutationFn: (version: string) => call(endpoints.account.postTermsAccept, { body: { version } }),
    onSuccess: (data) => {
      queryClient.setQueryData(TERMS_KEY, data);
      setDialogOpen(false);
      setRefused(null);
      toast.success('Thank you: the new terms are accepted');
      settle(true);
    },
    // The acceptance form shows the refusal; a version that moved on shows once the terms reload.
    onError: () => void terms.refetch(),
  });

  const value = useMemo(() => ({ beforeNewWork, askAfterRefusal }), [beforeNewWork, askAfterRefusal]);
  if (terms.isPending) return <PageLoading />;
  const ask = termsAsk(terms.data);
  const version = terms.data?.version ?? '';

  // The server's refusal, if any, and the acceptance itself: the same in the first-time card and
  // in the dialog new work opens.
  const acceptPanel = (
    <>
      {refused ? (
        <Alert variant="warning" role="alert">
          {refused}
        </Alert>
      ) : null}
      <AcceptBox audience={audience} version={version} onAccept={() => accept.mutateAsync(version)} />
    </>
  );

  if (ask === 'card') {
    return (
      <div className="mx-auto grid w-full max-w-xl px-4 py-10">
        <Card>
          <CardHeader>
            <CardTitle as="h1">Accept the HalalNosh terms</CardTitle>
            <CardDescription>
              Please read and accept the HalalNosh {audience} terms (version {version}) before you carry on.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">{acceptPanel}</CardContent>
        </Card>
      </div>
    );
  }

  const newWork = audience === 'driver' ? 'go online or take a new job' : 'open a branch or make other changes';
  return (
    <TermsContext.Provider value={value}>
      {ask === 'banner' ? (
        <section
          aria-label="New terms"
          className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-accent px-4 py-3 text-sm text-accent-foreground"
        >
          <p>
            <strong>Our terms have changed.</strong> You can finish the work you have under way; accept the HalalNosh{' '}
            {audience} terms (version {version}) before you {newWork}.
          </p>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setRefused(null);
              setDialogOpen(true);
            }}
          >
            Read and accept
          </Button>
        </section>
      ) : null}
      {children}
      <Dialog
        open={dialogOpen && ask !== 'none'}
        onClose={() => {
          setDialogOpen(false);
          settle(false);
        }}
        title="Our terms have changed"
        description={`Please read and accept the HalalNosh ${audience} terms (version ${version}) before you ${newWork}. Work you already have under way does not need them.`}
      >
        <div className="grid gap-4">{acceptPanel}</div>
      </Dialog>
    </TermsContext.Provider>
  );
}
