import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { hardwareOptions } from '../../../shared/schemas/registration.ts';

/** The timing and results systems, several of which may be chosen. */
export function HardwareField({
  error,
  registration,
}: {
  error?: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const errorId = useId();
  return (
    <fieldset className="rg-choice" {...(error ? { 'aria-describedby': errorId } : {})}>
      <legend className="field-label">
        Timing &amp; results system
        <span className="field-required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <p className="field-hint">Choose every system your club uses.</p>
      <div className="rg-choice-options rg-choice-column">
        {hardwareOptions.map((option) => (
          <label key={option.code} className="rg-check">
            <input
              type="checkbox"
              value={option.code}
              {...registration}
              {...(error ? { 'aria-invalid': true } : {})}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
