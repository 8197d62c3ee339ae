import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import * as Tabs from '@radix-ui/react-tabs';
import type { RegistrationTarget } from '../../lib/registerApi.ts';
import { queryKeys } from '../../../shared/queryKeys.ts';
import { LoginForm } from '../auth/LoginForm.tsx';
import { ForgotPasswordForm } from '../auth/ForgotPasswordForm.tsx';
import { SignUpForm } from './SignUpForm.tsx';

/** The login page's form and forgot-password flow, inside the contact step's Log in tab. */
function LogInPanel() {
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // As on /login: the routes read the session, so refetch it before going to /admin.
  const onSuccess = async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.session });
    void navigate('/admin', { replace: true });
  };

  if (forgotEmail !== null) {
    return (
      <ForgotPasswordForm
        defaultEmail={forgotEmail}
        onBack={(typed) => {
          setEmail(typed);
          setForgotEmail(null);
        }}
      />
    );
  }
  return <LoginForm onSuccess={onSuccess} onForgotPassword={setForgotEmail} defaultEmail={email} />;
}

/** The first step: Sign up with an e-mail, or Log in. */
export function ContactStep({ target }: { target: RegistrationTarget }) {
  return (
    <Tabs.Root defaultValue="signup" className="rg-tabs">
      <Tabs.List className="rg-tab-list" aria-label="Sign up or log in">
        <Tabs.Trigger value="signup" className="rg-tab">
          Sign up
        </Tabs.Trigger>
        <Tabs.Trigger value="login" className="rg-tab">
          Log in
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="signup" className="rg-tab-panel">
        <SignUpForm target={target} />
      </Tabs.Content>
      <Tabs.Content value="login" className="rg-tab-panel">
        {'competitionUic' in target && (
          // The log-in form is the club staff's: an athlete reaching for it is told why not.
          <p className="rg-note">
            Athletes do not have an account: to enter this competition, use Sign up with your
            e-mail. Log in is for club and organisation staff.
          </p>
        )}
        <LogInPanel />
      </Tabs.Content>
    </Tabs.Root>
  );
}
