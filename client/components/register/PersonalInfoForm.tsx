import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { PersonalInfo } from '../../../shared/schemas/registration.ts';
import { api } from '../../lib/api.ts';
import { ApiRequestError } from '../../lib/http.ts';
import { queryKeys } from '../../../shared/queryKeys.ts';
import { registerApi } from '../../lib/registerApi.ts';
import { Field, FormAlert, TextField } from '../auth/Field.tsx';
import { CountryField } from './SelectField.tsx';
import { AddressFields } from './AddressFields.tsx';
import { DEFAULT_COUNTRY, DEFAULT_COUNTRY_CODE, dialCodeOf } from './countries.ts';

/**
 * Today as the schema's date-of-birth rule reads it (the UTC calendar day), so the default
 * and the picker's upper bound never fail the rule around midnight.
 */
const today = () => new Date().toISOString().slice(0, 10);

const genders = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
] as const;

/**
 * The athlete's personal step, validated by the server's own schema. A failed save is
 * ignored and the step completes; a refusal (4xx) is the exception: the details were
 * not saved, and 'Registration Complete!' would be untrue (bad details, a spent link,
 * entries closed meanwhile, too many attempts).
 */
export function PersonalInfoForm({
  competitionUic,
  token,
  email,
  onDone,
}: {
  competitionUic: number;
  token: string;
  email: string;
  onDone: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const genderErrorId = useId();
  const clubs = useQuery({ queryKey: queryKeys.clubs, queryFn: api.clubs });
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(PersonalInfo),
    defaultValues: {
      firstName: '',
      lastName: '',
      email,
      country: DEFAULT_COUNTRY,
      countryCode: DEFAULT_COUNTRY_CODE,
      phone: '',
      address: '',
      city: '',
      state: '',
      zip: '',
      dob: today(),
      association: '',
      tiktok: '',
      instagram: '',
      facebook: '',
      emergencyName: '',
      emergencyPhone: '',
    },
  });
  const association = useWatch({ control, name: 'association' });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await registerApi.personalInfo(competitionUic, token, values);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
        setFailure(error.message || 'Please check your details and try again.');
        return;
      }
    }
    onDone();
  });

  return (
    <form className="auth-form rg-form" onSubmit={(e) => void submit(e)} noValidate>
      <h2 className="rg-step-title">Your details</h2>
      <p className="auth-note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">as required</span> must be filled in.
      </p>

      <fieldset className="rg-group">
        <legend>About you</legend>
        <TextField
          label="Email"
          registration={register('email')}
          readOnly
          hint="Verified with the link we sent you."
          type="email"
        />
        <div className="rg-row">
          <TextField
            label="First name"
            error={errors.firstName?.message}
            registration={register('firstName')}
            autoComplete="given-name"
          />
          <TextField
            label="Last name"
            error={errors.lastName?.message}
            registration={register('lastName')}
            autoComplete="family-name"
          />
        </div>
        <div className="rg-row">
          <TextField
            label="Date of birth"
            error={errors.dob?.message}
            required
            registration={register('dob')}
            type="date"
            max={today()}
            autoComplete="bday"
          />
          <fieldset
            className="rg-choice"
            aria-describedby={errors.gender ? genderErrorId : undefined}
          >
            <legend className="field-label">
              Gender
              <span className="field-required" aria-hidden="true">
                {' '}
                *
              </span>
            </legend>
            <div className="rg-choice-options">
              {genders.map((gender) => (
                <label key={gender.value} className="rg-check">
                  <input type="radio" value={gender.value} {...register('gender')} />
                  {gender.label}
                </label>
              ))}
            </div>
            {errors.gender && (
              <p id={genderErrorId} className="field-error">
                {errors.gender.message}
              </p>
            )}
          </fieldset>
        </div>
        <Field label="Association / club" hint="Optional. Pick a club or type its name.">
          {(control) => (
            <div className="rg-clearable">
              <input
                {...control}
                {...register('association')}
                className="field-input"
                list="rg-club-names"
                autoComplete="off"
              />
              {typeof association === 'string' && association !== '' && (
                <button
                  type="button"
                  className="btn btn-secondary rg-clear"
                  onClick={() => setValue('association', '')}
                >
                  Clear<span className="visually-hidden"> association</span>
                </button>
              )}
              <datalist id="rg-club-names">
                {(clubs.data ?? []).map((club) => (
                  <option key={club.uic} value={club.clubName} />
                ))}
              </datalist>
            </div>
          )}
        </Field>
      </fieldset>

      <fieldset className="rg-group">
        <legend>Contact and address</legend>
        <div className="rg-row">
          <CountryField
            error={errors.country?.message}
            registration={register('country', {
              onChange: (e: { target: { value: string } }) =>
                setValue('countryCode', dialCodeOf(e.target.value)),
            })}
          />
          <TextField
            label="Country code"
            error={errors.countryCode?.message}
            registration={register('countryCode')}
            autoComplete="tel-country-code"
            inputMode="tel"
            className="rg-narrow"
          />
        </div>
        <TextField
          label="Phone number"
          error={errors.phone?.message}
          required
          registration={register('phone')}
          type="tel"
          autoComplete="tel-national"
        />
        <AddressFields
          addressLabel="Address"
          field={(part) => ({ registration: register(part), error: errors[part]?.message })}
        />
      </fieldset>

      <fieldset className="rg-group">
        <legend>Social media (optional)</legend>
        <div className="rg-row rg-row-3">
          <TextField
            label="TikTok"
            error={errors.tiktok?.message}
            registration={register('tiktok')}
          />
          <TextField
            label="Instagram"
            error={errors.instagram?.message}
            registration={register('instagram')}
          />
          <TextField
            label="Facebook"
            error={errors.facebook?.message}
            registration={register('facebook')}
          />
        </div>
      </fieldset>

      <fieldset className="rg-group">
        <legend>Emergency contact</legend>
        <div className="rg-row">
          <TextField
            label="Emergency contact name"
            error={errors.emergencyName?.message}
            required
            registration={register('emergencyName')}
          />
          <TextField
            label="Emergency contact phone"
            error={errors.emergencyPhone?.message}
            required
            registration={register('emergencyPhone')}
            type="tel"
          />
        </div>
      </fieldset>

      {failure && <FormAlert>{failure}</FormAlert>}
      <button type="submit" className="btn auth-submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Complete registration'}
      </button>
    </form>
  );
}
