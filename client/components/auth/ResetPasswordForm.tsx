import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ResetPasswordForm as ResetPasswordSchema } from '../../../shared/schemas/auth.ts';
import { meetsPasswordRules } from '../../../shared/password.ts';
import { adminApi } from '../../lib/adminApi.ts';
import { errorText } from '../../lib/http.ts';
import { TextField, FormAlert } from './Field.tsx';
import { PasswordChecklist } from './PasswordChecklist.tsx';

export const RESET_FAILED = 'Failed to reset password.';

/** The form, submitting and success states of the reset page (validating is the page's). */
export function ResetPasswordForm({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ResetPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await adminApi.resetPassword(token, values.password);
      setDone(true);
    } catch (error) {
      setFailure(errorText(error, RESET_FAILED));
    }
  });

  if (done) {
    return (
      <div className="auth-form">
        <p className="form-success" role="status">
          Your password has been reset. You can now log in with your new password.
        </p>
        <Link to="/login" className="btn">
          Go to login
        </Link>
      </div>
    );
  }

  return (
    <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        label="New password"
        error={errors.password?.message}
        required
        registration={register('password')}
        type="password"
        autoComplete="new-password"
      />
      <PasswordChecklist password={password} />
      <TextField
        label="Confirm password"
        error={errors.confirm?.message}
        required
        registration={register('confirm')}
        type="password"
        autoComplete="new-password"
      />
      {failure && <FormAlert>{failure}</FormAlert>}
      {/* Submit stays disabled until every rule of the checklist is met. */}
      <button
        type="submit"
        className="btn auth-submit"
        disabled={isSubmitting || !meetsPasswordRules(password)}
      >
        {isSubmitting ? 'Saving…' : 'Set new password'}
      </button>
    </form>
  );
}
