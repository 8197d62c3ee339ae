import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Field, type FieldControlProps } from '../auth/Field.tsx';

/**
 * An on/off switch whose own text says the state (Public / Hidden, Live Now / Not Live), so
 * the state is never told by colour alone.
 */
export function Switch({
  checked,
  onChange,
  onLabel,
  offLabel,
  disabled,
  control,
  name,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  onLabel: string;
  offLabel: string;
  disabled?: boolean;
  control?: FieldControlProps;
  /** Names the switch when there is no visible label (table cells). */
  name?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={name}
      className={checked ? 'switch is-on' : 'switch'}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      {...control}
    >
      <span className="switch-track" aria-hidden="true">
        <span className="switch-thumb" />
      </span>
      <span className="switch-text">{checked ? onLabel : offLabel}</span>
    </button>
  );
}

/** A labelled switch bound to a boolean field of a react-hook-form form. */
export function SwitchField<TValues extends FieldValues, TOutput>({
  label,
  hint,
  control,
  name,
  onLabel,
  offLabel,
  unsetIsOn,
}: {
  label: string;
  hint?: string;
  control: Control<TValues, unknown, TOutput>;
  name: Path<TValues>;
  onLabel: string;
  offLabel: string;
  /** What an unset value shows (the schema's default). */
  unsetIsOn: boolean;
}) {
  return (
    <Field label={label} hint={hint}>
      {(field) => (
        <Controller
          control={control}
          name={name}
          render={({ field: { value, onChange } }) => (
            <Switch
              control={field}
              checked={typeof value === 'boolean' ? value : unsetIsOn}
              onChange={onChange}
              onLabel={onLabel}
              offLabel={offLabel}
            />
          )}
        />
      )}
    </Field>
  );
}
