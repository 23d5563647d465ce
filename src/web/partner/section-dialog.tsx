import { type FormEvent, useRef, useState } from 'react';
import { useFocusOnOpen } from './use-focus-on-open';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { useFormErrors } from '../ui/use-form-errors';

const FIELDS = ['title'] as const;

/**
 * Add or rename a section: the title must not be blank (the button stays disabled until it is).
 * `onSave` rejects when the server refuses; its message shows under the title.
 */
export function SectionDialog({
  open,
  onClose,
  initialTitle = '',
  mode,
  onSave,
}: {
  open: boolean;
  onClose: () => void;
  initialTitle?: string;
  mode: 'add' | 'edit';
  onSave: (title: string) => Promise<unknown>;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={mode === 'add' ? 'Add Section' : 'Edit Section'}
      description="Sections group your menu, e.g. Starters or Grills."
    >
      {open ? <SectionForm initialTitle={initialTitle} mode={mode} onSave={onSave} onCancel={onClose} /> : null}
    </Dialog>
  );
}

function SectionForm({
  initialTitle,
  mode,
  onSave,
  onCancel,
}: {
  initialTitle: string;
  mode: 'add' | 'edit';
  onSave: (title: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(initialTitle);
  // The page's toast says what failed, so the form has no alert of its own.
  const { formRef, errors, busy, check, submit } = useFormErrors(FIELDS);
  const input = useRef<HTMLInputElement>(null);
  useFocusOnOpen(input);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!check({ title: title.trim() ? undefined : 'Section title is required' })) return;
    await submit(() => onSave(title.trim()));
  };
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField
        label="Section title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
        ref={input}
        required
        maxLength={80}
      />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || !title.trim()}>
          {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
          {mode === 'add' ? 'Add Section' : 'Save Section'}
        </Button>
      </div>
    </form>
  );
}
