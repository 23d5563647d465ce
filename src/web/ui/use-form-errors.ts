import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type FormErrors, type SplitErrors, hasErrors, splitServerErrors } from './form-errors';

export type FormErrorsOptions<F extends string> = {
  /** Server paths that differ from the form's field names: `{ 'items.0.quantity': 'quantity' }`. */
  paths?: Readonly<Record<string, F>>;
  /** The form's own words for a failure that is no API answer (default "Something went wrong. Please try again."). */
  unexpected?: string;
};

export type FormErrorsKit<F extends string> = {
  /** Put on the `<form>`: the first invalid field inside it gets the focus. */
  formRef: RefObject<HTMLFormElement | null>;
  /** Each field's message, for the field's `error` prop. */
  errors: FormErrors<F>;
  /** What lands on no field, for `<FormAlert>`. */
  formError: string | null;
  /** A request is running (set by `submit`). */
  busy: boolean;
  /** The browser's own checks: shows them, focuses the first; true when there are none. */
  check: (next: FormErrors<F>) => boolean;
  /** Shows a failed request beside its fields and focuses the first; answers what was shown. */
  fail: (error: unknown) => SplitErrors<F>;
  /**
   * Runs a submit: clears the last errors, is busy meanwhile, shows a failure. Answers true when
   * the task succeeded; `onError` sees the failure too (for a toast).
   */
  submit: (task: () => Promise<unknown>, onError?: (error: unknown, shown: SplitErrors<F>) => void) => Promise<boolean>;
  /** Forgets every message (closing a dialog, switching mode). */
  clear: () => void;
};

/**
 * The one form kit (docs/decisions/0219-one-form-kit.md): a form's client checks and the server's
 * refused fields land beside their fields by path, the rest in a form-level alert, and the first
 * invalid field takes the focus, so no form repeats its error plumbing.
 */
export function useFormErrors<F extends string>(
  fields: readonly F[],
  options: FormErrorsOptions<F> = {},
): FormErrorsKit<F> {
  const formRef = useRef<HTMLFormElement | null>(null);
  const [shown, setShown] = useState<SplitErrors<F>>({ fields: {}, form: null });
  const [busy, setBusy] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  // The latest names and paths, read when a request fails (after render), so the callbacks stay stable.
  const fieldsRef = useRef(fields);
  const optionsRef = useRef(options);
  useEffect(() => {
    fieldsRef.current = fields;
    optionsRef.current = options;
  });

  useEffect(() => {
    if (!focusRequest) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const show = useCallback((next: SplitErrors<F>) => {
    setShown(next);
    if (hasErrors(next.fields)) setFocusRequest((n) => n + 1);
  }, []);

  const check = useCallback(
    (next: FormErrors<F>) => {
      show({ fields: next, form: null });
      return !hasErrors(next);
    },
    [show],
  );

  const fail = useCallback(
    (error: unknown) => {
      const next = splitServerErrors(error, fieldsRef.current, optionsRef.current.paths, optionsRef.current.unexpected);
      show(next);
      return next;
    },
    [show],
  );

  const clear = useCallback(() => setShown({ fields: {}, form: null }), []);

  const submit = useCallback(
    async (task: () => Promise<unknown>, onError?: (error: unknown, shown: SplitErrors<F>) => void) => {
      setBusy(true);
      setShown({ fields: {}, form: null });
      try {
        await task();
        return true;
      } catch (error) {
        const next = fail(error);
        onError?.(error, next);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [fail],
  );

  return useMemo(
    () => ({ formRef, errors: shown.fields, formError: shown.form, busy, check, fail, submit, clear }),
    [shown, busy, check, fail, submit, clear],
  );
}
