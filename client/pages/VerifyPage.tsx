import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { VerificationResult } from '../../shared/schemas/registration.ts';
import { usePageTitle } from '../lib/usePageTitle.ts';
import { registerApi } from '../lib/registerApi.ts';
import { errorText } from '../lib/http.ts';
import '../components/auth/auth.css';
import '../components/legal/message-page.css';
import '../components/register/register.css';

/** The pause on 'Email validated!' before moving on, so the user can read it. */
export const VERIFY_REDIRECT_MS = 1500;
export const VERIFY_FAILED = 'Verification failed.';

/**
 * One request per token for the life of the page. StrictMode runs effects twice and a token
 * may be single-use, so the second run must reuse the first request, not send another.
 */
const requests = new Map<string, Promise<VerificationResult>>();
function verifyOnce(token: string): Promise<VerificationResult> {
  let request = requests.get(token);
  if (!request) {
    request = registerApi.verify(token);
    requests.set(token, request);
  }
  return request;
}

/** Where a verified link continues: the personal step of what the user registered for. */
export function nextPath(result: VerificationResult): string {
  const query = `?step=personal&validated=1&token=${encodeURIComponent(result.token)}`;
  if (result.competitionUic) return `/register/competition/${result.competitionUic}${query}`;
  if (result.packageId) return `/register/package/${result.packageId}${query}`;
  return '/competitions';
}

type State =
  { kind: 'loading' } | { kind: 'success'; to: string } | { kind: 'error'; message: string };

/** /verify/{token}: the link in the registration e-mail. */
export function VerifyPage() {
  usePageTitle('Verify Email');
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    verifyOnce(token).then(
      (result) => live && setState({ kind: 'success', to: nextPath(result) }),
      (error: unknown) =>
        live && setState({ kind: 'error', message: errorText(error, VERIFY_FAILED) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  useEffect(() => {
    if (state.kind !== 'success') return;
    const timer = setTimeout(() => void navigate(state.to, { replace: true }), VERIFY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  return (
    <div className="container msg-page">
      <div className="card msg-card">
        <h1>Verify your email</h1>
        {state.kind === 'loading' && (
          <p className="auth-loading rg-center" role="status">
            <span className="spinner" aria-hidden="true" />
            Validating your email...
          </p>
        )}
        {state.kind === 'success' && (
          <p className="form-success" role="status">
            Email validated! Redirecting...
          </p>
        )}
        {state.kind === 'error' && (
          <>
            <p className="form-alert rg-verify-error" role="alert">
              {state.message}
            </p>
            <Link className="btn" to="/">
              Back to results
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
