import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ALREADY_REGISTERED,
  RegistrationErrorCode,
  VerificationRequest,
} from '../../../shared/schemas/registration.ts';
import { registerApi, type RegistrationTarget } from '../../lib/registerApi.ts';
import { errorText, refusalCode } from '../../lib/http.ts';
import { Field, FormAlert } from '../auth/Field.tsx';

export const VERIFICATION_FAILED = 'Failed to send verification email';
/** Athletes have no account, so 'You can log in or reset your password' does not fit them. */
export const ATHLETE_ALREADY_REGISTERED =
  'You are already registered for this competition with this e-mail. Athletes do not need an account, so there is nothing to log in to. To change your entry, contact the club.';

type Failure = { kind: 'registered' } | { kind: 'other'; text: string };

/** An 'already registered' refusal gets its own wording. */
function failureOf(error: unknown): Failure {
  if (refusalCode(error) === RegistrationErrorCode.alreadyRegistered) return { kind: 'registered' };
  return { kind: 'other', text: errorText(error, VERIFICATION_FAILED) };
}

/** The words for an address already registered: a club manager logs in, an athlete is done. */
function AlreadyRegistered({ target }: { target: RegistrationTarget }) {
  if ('competitionUic' in target) {
    return (
      <FormAlert>
        {ATHLETE_ALREADY_REGISTERED} <Link to="/competitions">Browse other competitions</Link>
      </FormAlert>
    );
  }
  return (
    <FormAlert>
      {ALREADY_REGISTERED}{' '}
      <span className="rg-alert-links">
        <Link to="/login">Log in</Link> · <Link to="/login">Reset your password</Link>
      </span>
    </FormAlert>
  );
}

/** The contact step's Sign up tab: the e-mail, then "check your e-mail". */
export function SignUpForm({ target }: { target: RegistrationTarget }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({
    // The server's own request schema: its e-mail rule carries the field's messages, and the
    // target makes its competition-or-package rule pass.
    resolver: zodResolver(VerificationRequest),
    defaultValues: { email: '', ...target },
  });

  // The form is replaced by the confirmation: move focus there so it is read out.
  useEffect(() => {
    if (sentTo) sentRef.current?.focus();
  }, [sentTo]);

  const submit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await registerApi.requestVerification(email, target);
      setSentTo(email);
    } catch (error) {
      setFailure(failureOf(error));
    }
  });

  if (sentTo) {
    return (
      <div className="auth-form">
        <p className="form-success" role="status" tabIndex={-1} ref={sentRef}>
          Check your e-mail. We sent a verification link to <strong>{sentTo}</strong>. Open it to
          continue your registration.
        </p>
        <p className="auth-note">
          No e-mail after a few minutes? Look in your spam folder, or send it again.
        </p>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setSentTo(null);
            // Wait for the form to render again before focusing its field.
            setTimeout(() => setFocus('email'));
          }}
        >
          Use a different e-mail or send again
        </button>
      </div>
    );
  }

  return (
    <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="auth-note">
        Enter your e-mail address. We will send you a link to verify it and continue.
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
      {failure?.kind === 'registered' && <AlreadyRegistered target={target} />}
      {failure?.kind === 'other' && <FormAlert>{failure.text}</FormAlert>}
      <button type="submit" className="btn auth-submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send verification link'}
      </button>
    </form>
  );
}
