import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { usePageTitle } from '../lib/usePageTitle.ts';
import { adminApi } from '../lib/adminApi.ts';
import { ResetPasswordForm } from '../components/auth/ResetPasswordForm.tsx';
import '../components/auth/fields.css';
import '../components/auth/auth.css';

/**
 * /reset-password?token=: checks the link first; a missing, unknown or expired token goes
 * silently to /login.
 */
export function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const token = useSearchParams()[0].get('token') ?? '';
  const navigate = useNavigate();
  const validity = useQuery({
    queryKey: ['resetToken', token],
    queryFn: () => adminApi.validateResetToken(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const invalid = token === '' || validity.isError || validity.data?.valid === false;

  useEffect(() => {
    if (invalid) void navigate('/login', { replace: true });
  }, [invalid, navigate]);

  return (
    <div className="container auth-page">
      <section className="card auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth-title">
          Set a new password
        </h1>
        {validity.data?.valid ? (
          <ResetPasswordForm token={token} />
        ) : (
          <p className="auth-loading" role="status">
            <span className="spinner" aria-hidden="true" />
            Checking your reset link…
          </p>
        )}
      </section>
    </div>
  );
}
