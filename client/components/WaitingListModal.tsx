import { useId, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { joinWaitingList } from '../lib/api.ts';
import { sanitizeEmailInput } from '../../shared/email.ts';
import './WaitingListModal.css';

type SubmitState = 'idle' | 'loading' | 'success' | 'error';

export const WAITING_LIST_ERROR = 'Something went wrong. Please try again.';

/**
 * 'Book a Free Demo': joins the waiting list (POST /api/waitinglist). Closing it (close
 * button, Escape or a click outside) unmounts the form, so it opens fresh next time.
 */
export function WaitingListModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="wl-overlay" />
        <Dialog.Content className="wl-dialog">
          <Dialog.Title className="wl-title">Book a Free Demo</Dialog.Title>
          <Dialog.Description className="wl-note">
            Join the waiting list and we will book a free demo of Rith with you. After the demo you
            can apply for free 30-day access.
          </Dialog.Description>
          <WaitingListForm />
          <Dialog.Close className="wl-close" aria-label="Close">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
              />
            </svg>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function WaitingListForm() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<SubmitState>('idle');
  const fieldId = useId();

  if (state === 'success') {
    return (
      <p className="wl-success" role="status">
        Thank you! You are on the waiting list. We will e-mail you shortly to book your free demo.
      </p>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state === 'loading') return;
    setState('loading');
    try {
      await joinWaitingList(email.trim());
      setEmail('');
      setState('success');
    } catch {
      setState('error');
    }
  };

  const loading = state === 'loading';
  return (
    <form className="wl-form" onSubmit={(e) => void submit(e)}>
      <label htmlFor={fieldId} className="wl-label">
        Email address
      </label>
      <input
        id={fieldId}
        className="wl-input"
        type="email"
        name="email"
        required
        autoComplete="email"
        inputMode="email"
        placeholder="you@yourclub.ie"
        value={email}
        onChange={(event) => setEmail(sanitizeEmailInput(event.target.value))}
        aria-invalid={state === 'error' ? true : undefined}
        aria-describedby={state === 'error' ? `${fieldId}-error` : undefined}
      />
      {state === 'error' && (
        <p id={`${fieldId}-error`} className="wl-error" role="alert">
          {WAITING_LIST_ERROR}
        </p>
      )}
      <button type="submit" className="btn wl-submit" disabled={loading} aria-busy={loading}>
        {loading ? 'Submitting...' : 'Join Waiting List & Book Free Demo'}
      </button>
    </form>
  );
}
