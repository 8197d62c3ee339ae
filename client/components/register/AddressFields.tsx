import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../auth/Field.tsx';

export type AddressPart = 'address' | 'city' | 'state' | 'zip';

/**
 * The postal address both registration forms ask for, each part required.
 * `field` ties a part to the caller's form: its registration and its error.
 */
export function AddressFields({
  addressLabel,
  field,
}: {
  addressLabel: string;
  field: (part: AddressPart) => { registration: UseFormRegisterReturn; error: string | undefined };
}) {
  return (
    <>
      <TextField
        label={addressLabel}
        required
        {...field('address')}
        autoComplete="street-address"
      />
      <div className="rg-row rg-row-3">
        <TextField label="City" required {...field('city')} autoComplete="address-level2" />
        <TextField
          label="State / county"
          required
          {...field('state')}
          autoComplete="address-level1"
        />
        <TextField label="Zip / Eircode" required {...field('zip')} autoComplete="postal-code" />
      </div>
    </>
  );
}
