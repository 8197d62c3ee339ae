import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoginRequest } from '../../../shared/schemas/auth.ts';
import { ApiRequestError } from '../../lib/http.ts';
import { adminApi } from '../../lib/adminApi.ts';
import { Field, FormAlert } from './Field.tsx';

export const LOGIN_FAILED = 'Invalid credentials';

/**
 * Any failed login reads 'Invalid credentials', so the form never tells
 * which half was wrong; only a rate limit says more, since waiting is the way out.
 */
function loginFailure(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 429 && error.message) {
    return error.message;
  }
  return LOGIN_FAILED;
}

export function LoginForm({
  onSuccess,
  onForgotPassword,
  defaultEmail = '',
  focusOnMount = false,
}: {
  defaultEmail?: string;
  onSuccess: () => Promise<void>;
  focusOnMount?: boolean;
  onForgotPassword: (email: string) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(LoginRequest),
    defaultValues: { username: defaultEmail, password: '' },
  });

  useEffect(() => {
    if (focusOnMount) setFocus(defaultEmail ? 'password' : 'username');
  }, [defaultEmail, focusOnMount, setFocus]);

  const submit = handleSubmit(async ({ username, password }) => {
    setFailure(null);
    try {
      await adminApi.login(username, password);
    } catch (error) {
      setFailure(loginFailure(error));
      return;
    }
    await onSuccess();
  });

  return (
    <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
      <Field label="Email" error={errors.username?.message} required>
        {(control) => (
          <input
            {...control}
            {...register('username')}
            className="field-input"
            type="email"
            autoComplete="username"
            inputMode="email"
            aria-required="true"
          />
        )}
      </Field>
      <Field label="Password" error={errors.password?.message} required>
        {(control) => (
          <input
            {...control}
            {...register('password')}
            className="field-input"
            type="password"
            autoComplete="current-password"
            aria-required="true"
          />
        )}
      </Field>
      {failure && <FormAlert>{failure}</FormAlert>}
      <button type="submit" className="btn auth-submit" disabled={isSubmitting}>
        {isSubmitting ? 'Logging in…' : 'Log in'}
      </button>
      <button
        type="button"
        className="link-button"
        onClick={() => onForgotPassword(getValues('username'))}
      >
        Forgot password?
      </button>
    </form>
  );
}
