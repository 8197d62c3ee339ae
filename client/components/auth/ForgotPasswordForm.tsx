import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordRequest } from '../../../shared/schemas/auth.ts';
import { adminApi } from '../../lib/adminApi.ts';
import { errorText } from '../../lib/http.ts';
import { Field, FormAlert } from './Field.tsx';

export const RESET_EMAIL_FAILED = 'Failed to send reset email';
export const RESET_EMAIL_SENT =
  'If an account exists for that e-mail, a reset link is on its way. Check your inbox.';

/** The forgot-password flow: form, then sent, or an error over the form. */
export function ForgotPasswordForm({
  defaultEmail,
  onBack,
}: {
  defaultEmail: string;
  onBack: (email: string) => void;
}) {
  const [state, setState] = useState<'form' | 'sent' | 'error'>('form');
  const [failure, setFailure] = useState('');
  const {
    register,
    handleSubmit,
    getValues,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ForgotPasswordRequest),
    defaultValues: { email: defaultEmail },
  });

  // The link that opened this form is gone; keep keyboard users in the card.
  useEffect(() => setFocus('email'), [setFocus]);

  const submit = handleSubmit(async ({ email }) => {
    try {
      await adminApi.forgotPassword(email);
      setState('sent');
    } catch (error) {
      setFailure(errorText(error, RESET_EMAIL_FAILED));
      setState('error');
    }
  });

  if (state === 'sent') {
    return (
      <div className="auth-form">
        <p className="form-success" role="status">
          {RESET_EMAIL_SENT}
        </p>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => onBack(getValues('email'))}
        >
          Back to login
        </button>
      </div>
    );
  }

  return (
    <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="auth-note">
        Enter the e-mail you log in with and we will send you a link to set a new password.
      </p>
      <Field label="Email" error={errors.email?.message} required>
        {(control) => (
          <input
            {...control}
            {...register('email')}
            className="field-input"
            type="email"
            autoComplete="email"
            inputMode="email"
            aria-required="true"
          />
        )}
      </Field>
      {state === 'error' && <FormAlert>{failure}</FormAlert>}
      <button type="submit" className="btn auth-submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send reset link'}
      </button>
      <button type="button" className="link-button" onClick={() => onBack(getValues('email'))}>
        Back to login
      </button>
    </form>
  );
}
