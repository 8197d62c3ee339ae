import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { usePageTitle } from '../lib/usePageTitle.ts';
import { queryKeys } from '../../shared/queryKeys.ts';
import { LoginForm } from '../components/auth/LoginForm.tsx';
import { ForgotPasswordForm } from '../components/auth/ForgotPasswordForm.tsx';
import '../components/auth/fields.css';
import '../components/auth/auth.css';

/** /login: e-mail and password, or the forgot-password flow in the same card. */
export function LoginPage() {
  usePageTitle('Login');
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);
  // The e-mail travels between the two forms, so nobody types it twice.
  const [email, setEmail] = useState('');
  const [returned, setReturned] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // The routes read the session: refetch it before moving on, or /admin would bounce back.
  const onSuccess = async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.session });
    void navigate('/admin', { replace: true });
  };

  const forgot = forgotEmail !== null;
  return (
    <div className="container auth-page">
      <section className="card auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth-title">
          {forgot ? 'Reset your password' : 'Admin login'}
        </h1>
        {forgot ? (
          <ForgotPasswordForm
            defaultEmail={forgotEmail}
            onBack={(typed) => {
              setEmail(typed);
              setForgotEmail(null);
              setReturned(true);
            }}
          />
        ) : (
          <>
            <p className="auth-note">Log in to manage your club's competitions and results.</p>
            <LoginForm
              onSuccess={onSuccess}
              onForgotPassword={setForgotEmail}
              defaultEmail={email}
              focusOnMount={returned}
            />
          </>
        )}
      </section>
    </div>
  );
}
