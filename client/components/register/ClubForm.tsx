import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ClubRegistration } from '../../../shared/schemas/registration.ts';
import { meetsPasswordRules } from '../../../shared/password.ts';
import { slugify } from '../../../shared/slug.ts';
import { registerApi } from '../../lib/registerApi.ts';
import { errorText } from '../../lib/http.ts';
import { FormAlert, TextField } from '../auth/Field.tsx';
import { PasswordChecklist } from '../auth/PasswordChecklist.tsx';
import { CountryField } from './SelectField.tsx';
import { AddressFields } from './AddressFields.tsx';
import { HardwareField } from './HardwareField.tsx';
import { DEFAULT_COUNTRY, DEFAULT_COUNTRY_CODE, dialCodeOf } from './countries.ts';

export const REGISTRATION_FAILED = 'Registration failed';

/**
 * The club's personal step, validated by the server's own schema. A failure, network
 * included, reads the server's error or 'Registration failed'.
 */
export function ClubForm({
  packageId,
  token,
  email,
  onRegistered,
}: {
  packageId: number;
  token: string;
  email: string;
  onRegistered: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  // The URL name follows the club name until the user types in it or leaves it.
  const [urlNameManual, setUrlNameManual] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm({
    resolver: zodResolver(ClubRegistration),
    defaultValues: {
      token,
      packageId,
      email,
      password: '',
      clubName: '',
      urlName: '',
      managerName: '',
      address: '',
      city: '',
      state: '',
      zip: '',
      country: DEFAULT_COUNTRY,
      countryCode: DEFAULT_COUNTRY_CODE,
      phone: '',
      facebook: '',
      hardware: [],
      otherHardware: '',
      visible: true,
    },
  });
  const password = useWatch({ control, name: 'password' });
  const hardware = useWatch({ control, name: 'hardware' });
  const urlName = useWatch({ control, name: 'urlName' });
  const otherChosen = Array.isArray(hardware) && hardware.includes('OTHER');

  // The form is long and the failure shows above it: on a phone the button is far below.
  // Bring the failure to the middle of the screen and move focus to it, so it is seen and
  // read out. (A field's own error gets the focus from the form library the same way.)
  useEffect(() => {
    if (!failure) return;
    failureRef.current?.scrollIntoView({ block: 'center' });
    failureRef.current?.focus({ preventScroll: true });
  }, [failure]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await registerApi.clubAdmin(values);
    } catch (error) {
      // A network failure reads 'Registration failed' too.
      setFailure(
        error instanceof TypeError ? REGISTRATION_FAILED : errorText(error, REGISTRATION_FAILED),
      );
      return;
    }
    onRegistered();
  });

  return (
    <form className="auth-form rg-form" onSubmit={(e) => void submit(e)} noValidate>
      <h2 className="rg-step-title">Club details</h2>
      {/* The failure shows above the form. */}
      {failure && (
        <div ref={failureRef} tabIndex={-1} className="rg-failure">
          <FormAlert>{failure}</FormAlert>
        </div>
      )}

      <fieldset className="rg-group">
        <legend>Your account</legend>
        <TextField
          label="Email"
          registration={register('email')}
          readOnly
          hint="Verified with the link we sent you. You will log in with it."
          type="email"
          autoComplete="username"
        />
        <TextField
          label="Password"
          error={errors.password?.message}
          required
          registration={register('password')}
          type="password"
          autoComplete="new-password"
        />
        <PasswordChecklist password={password} />
        <TextField
          label="Manager name"
          error={errors.managerName?.message}
          required
          registration={register('managerName')}
          autoComplete="name"
        />
      </fieldset>

      <fieldset className="rg-group">
        <legend>Club or organisation</legend>
        <TextField
          label="Club name"
          error={errors.clubName?.message}
          required
          registration={register('clubName', {
            onChange: (e: { target: { value: string } }) => {
              if (!urlNameManual) {
                setValue('urlName', slugify(e.target.value), { shouldValidate: isSubmitted });
              }
            },
          })}
          autoComplete="organization"
        />
        <TextField
          label="Club URL name"
          error={errors.urlName?.message}
          required
          registration={register('urlName', {
            onChange: () => setUrlNameManual(true),
            onBlur: () => setUrlNameManual(true),
          })}
          hint={
            <>
              Only lowercase letters, numbers, and hyphens - allowed. No spaces or special symbols.
              Your results page: {window.location.host}/{urlName || 'your-club'}
            </>
          }
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField
          label="Facebook page"
          error={errors.facebook?.message}
          registration={register('facebook')}
          type="url"
          inputMode="url"
          hint="Optional."
        />
        <label className="rg-check">
          <input type="checkbox" {...register('visible')} />
          Show my club on the public results page
        </label>
      </fieldset>

      <fieldset className="rg-group">
        <legend>Address and phone</legend>
        <AddressFields
          addressLabel="Club address"
          field={(part) => ({ registration: register(part), error: errors[part]?.message })}
        />
        <div className="rg-row">
          <CountryField
            error={errors.country?.message}
            registration={register('country', {
              onChange: (e: { target: { value: string } }) =>
                setValue('countryCode', dialCodeOf(e.target.value), {
                  shouldValidate: isSubmitted,
                }),
            })}
          />
          <TextField
            label="Country code"
            error={errors.countryCode?.message}
            required
            registration={register('countryCode')}
            autoComplete="tel-country-code"
            inputMode="tel"
          />
        </div>
        <TextField
          label="Phone"
          error={errors.phone?.message}
          required
          registration={register('phone')}
          type="tel"
          autoComplete="tel-national"
        />
      </fieldset>

      <fieldset className="rg-group">
        <legend>Timing</legend>
        <HardwareField
          error={errors.hardware?.message}
          registration={register('hardware', {
            // Removing OTHER clears the text that went with it.
            onChange: (e: { target: { value: string; checked: boolean } }) => {
              if (e.target.value === 'OTHER' && !e.target.checked) setValue('otherHardware', '');
            },
          })}
        />
        {otherChosen && (
          <TextField
            label="Other hardware"
            error={errors.otherHardware?.message}
            required
            registration={register('otherHardware')}
          />
        )}
      </fieldset>

      {/* Submit stays disabled until every rule of the checklist is met. */}
      <button
        type="submit"
        className="btn auth-submit"
        disabled={isSubmitting || !meetsPasswordRules(password)}
      >
        {isSubmitting ? 'Registering…' : 'Register club'}
      </button>
    </form>
  );
}
