import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageHidden } from '../../../shared/schemas/athleteProfile.ts';
import { queryKeys } from '../../../shared/queryKeys.ts';
import { sendJson, errorText } from '../../lib/http.ts';
import { FormAlert } from '../auth/Field.tsx';
import '../auth/fields.css';
import './athlete.css';

/**
 * "Is this you?": a registered athlete asks for a link to hide their page; it goes to the
 * address they registered with, and the answer is the same whoever asks.
 */
export function AskToHide({ athleteId }: { athleteId: string }) {
  const headingId = useId();
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const ask = useMutation({
    mutationFn: (address: string) =>
      sendJson<{ ok: true }>('POST', `/api/athletes/${athleteId}/page-link`, { email: address }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The server checks the address (PageLinkRequest); this only catches a slip of the hand.
    const address = email.trim();
    const ok = /^[^\s@]+@[^\s@]+$/.test(address);
    setInvalid(ok ? null : 'Enter your e-mail address');
    if (ok) ask.mutate(address);
  };
  return (
    <section className="card athlete-own" aria-labelledby={headingId}>
      <h2 id={headingId}>Is this you?</h2>
      {ask.isSuccess ? (
        <p role="status">
          If this address registered for a competition on Rith under this name, a link to hide the
          page is on its way to it.
        </p>
      ) : (
        <form noValidate onSubmit={submit} className="athlete-own-form">
          <p className="standings-muted">
            An athlete who registered for a competition on Rith can hide this page: enter the e-mail
            address you registered with, and open the link Rith sends.
          </p>
          <label htmlFor={emailId}>Your e-mail address</label>
          <input
            id={emailId}
            type="email"
            autoComplete="email"
            value={email}
            aria-invalid={invalid !== null}
            aria-describedby={invalid ? `${emailId}-error` : undefined}
            onChange={(e) => setEmail(e.target.value)}
          />
          {invalid && (
            <p id={`${emailId}-error`} className="field-error">
              {invalid}
            </p>
          )}
          {ask.isError && (
            <FormAlert>
              {errorText(ask.error, 'The link could not be sent. Please try again.')}
            </FormAlert>
          )}
          <button type="submit" className="btn" disabled={ask.isPending}>
            Send me the link
          </button>
        </form>
      )}
    </section>
  );
}

/** With the link mailed to the athlete (?page=…): hide the page, or show it again. */
export function OwnPageSwitch({
  athleteId,
  token,
  hidden,
}: {
  athleteId: string;
  token: string;
  hidden: boolean;
}) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (hide: boolean) =>
      sendJson<PageHidden>('PUT', `/api/athletes/${athleteId}/hidden`, { token, hidden: hide }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.athlete(athleteId) }),
  });
  const now = change.data?.hidden ?? hidden;
  return (
    <section className="card athlete-own" aria-labelledby={headingId}>
      <h2 id={headingId}>Your page</h2>
      <p role="status">
        {now ? 'Your page is hidden: nobody sees it.' : 'Your page is shown to everyone.'}
      </p>
      {change.isError && (
        <FormAlert>{errorText(change.error, 'That did not work. Please try again.')}</FormAlert>
      )}
      <button
        type="button"
        className="btn"
        disabled={change.isPending}
        onClick={() => change.mutate(!now)}
      >
        {now ? 'Show my page' : 'Hide my page'}
      </button>
    </section>
  );
}
