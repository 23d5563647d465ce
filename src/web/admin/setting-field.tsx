import { useId } from 'react';
import { SETTING_CHOICES, SETTING_INFO, type SettingKey } from '../../domain/settings';
import { formatPrice } from '../lib/format';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { LabelledSwitch } from './labelled-switch';

/** A field's text, whether the admin changed it since the last save, its error and whether it is saving. */
export type FieldState = { draft: string; error: string | null; saving: boolean; edited?: boolean };

/**
 * One setting on the Settings screen. Text and numbers are saved when the field is left (or on
 * Enter) if they changed; switches and choices at once. A refused value shows under its editor,
 * which is marked invalid and described by it.
 */
export function SettingField({
  settingKey,
  state,
  onDraft,
  onCommit,
}: {
  settingKey: SettingKey;
  state: FieldState;
  onDraft: (value: string) => void;
  onCommit: (value?: string) => void;
}) {
  const info = SETTING_INFO[settingKey];
  const id = useId();
  if (info.kind === 'boolean') {
    return (
      <div className="grid gap-1">
        <LabelledSwitch
          label={info.label}
          checked={state.draft === 'true'}
          disabled={state.saving}
          onCheckedChange={(checked) => onCommit(String(checked))}
          describedBy={state.error ? `${id}-error` : undefined}
          invalid={!!state.error}
        />
        {info.hint ? <p className="text-xs text-muted-foreground">{info.hint}</p> : null}
        {state.error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
            {state.error}
          </p>
        ) : null}
      </div>
    );
  }
  if (info.kind === 'choice') {
    return (
      <SelectField
        label={info.label}
        hint={info.hint}
        options={SETTING_CHOICES[settingKey] ?? []}
        value={state.draft}
        error={state.error}
        disabled={state.saving}
        onChange={(e) => onCommit(e.target.value)}
      />
    );
  }
  const numeric = info.kind === 'pence' || info.kind === 'percent' || info.kind === 'decimal';
  const penceHint =
    info.kind === 'pence' && /^\d+$/.test(state.draft.trim()) ? `${formatPrice(Number(state.draft))}. ` : '';
  return (
    <TextField
      label={info.label}
      type={info.kind === 'email' ? 'email' : 'text'}
      inputMode={numeric ? (info.kind === 'decimal' ? 'decimal' : 'numeric') : undefined}
      value={state.draft}
      hint={penceHint || info.hint ? `${penceHint}${info.hint ?? ''}`.trim() : undefined}
      error={state.error}
      onChange={(e) => onDraft(e.target.value)}
      onBlur={() => onCommit()}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onCommit();
        }
      }}
    />
  );
}
