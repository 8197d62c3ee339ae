import type { ReactNode, SelectHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../auth/Field.tsx';
import { countries } from './countries.ts';

/** A labelled select registered with a form: TextField's counterpart. */
export function SelectField({
  label,
  error,
  required,
  registration,
  children,
  ...select
}: {
  label: ReactNode;
  error?: string | undefined;
  required?: boolean;
  registration: UseFormRegisterReturn;
  children: ReactNode;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'onChange' | 'onBlur' | 'className'>) {
  return (
    <Field label={label} error={error} required={required}>
      {(field) => (
        <select
          {...field}
          {...registration}
          {...select}
          className="field-input"
          {...(required ? { 'aria-required': true } : {})}
        >
          {children}
        </select>
      )}
    </Field>
  );
}

/** The country list; picking one fills in its dialling code (the form's registration does). */
export function CountryField({
  error,
  registration,
}: {
  error?: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <SelectField label="Country" error={error} required registration={registration}>
      {countries.map((country) => (
        <option key={country.name} value={country.name}>
          {country.name}
        </option>
      ))}
    </SelectField>
  );
}
