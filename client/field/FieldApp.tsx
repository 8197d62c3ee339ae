import { useEffect, useState } from 'react';
import type { FieldIdentity } from '../../shared/schemas/field.ts';
import { ApiRequestError, errorText } from '../lib/http.ts';
import { fieldApi } from './api.ts';
import { store } from './store.ts';
import { outbox } from './outbox.ts';
import { EventList } from './EventList.tsx';
import { CardScreen } from './CardScreen.tsx';

type Access =
  | { state: 'checking' }
  | { state: 'in'; identity: FieldIdentity }
  | { state: 'out'; message: string };

const NO_ACCESS =
  'Open the field card with the link or QR code the meet’s admin made for you (admin console, Timing room).';

/** The token a card's link carries in its fragment (#token=…): never sent to a server as is. */
function tokenInLink(): string | null {
  const match = /(?:^#|&)token=([^&]+)/.exec(window.location.hash);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * Who this phone is: the link's token exchanged once for the device's cookie (and taken out
 * of the address bar and history), else the cookie it already has; offline, what the phone
 * remembers.
 */
async function signIn(): Promise<Access> {
  const token = tokenInLink();
  try {
    const identity = token ? await fieldApi.session(token) : await fieldApi.me();
    if (token)
      window.history.replaceState(null, '', window.location.pathname + window.location.search);
    await store.keepIdentity(identity);
    return { state: 'in', identity };
  } catch (error) {
    if (error instanceof ApiRequestError) {
      return {
        state: 'out',
        message:
          error.status === 401 || error.status === 403
            ? `${error.message} ${NO_ACCESS}`
            : errorText(error, NO_ACCESS),
      };
    }
    const kept = await store.identity();
    return kept
      ? { state: 'in', identity: kept }
      : { state: 'out', message: `No network. ${NO_ACCESS}` };
  }
}

const eventInAddress = () => new URLSearchParams(window.location.search).get('event');

export function FieldApp() {
  const [access, setAccess] = useState<Access>({ state: 'checking' });
  const [eventId, setEventId] = useState<string | null>(eventInAddress);

  useEffect(() => {
    void signIn().then(setAccess);
    outbox.start();
    const back = () => setEventId(eventInAddress());
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, []);

  const open = (id: string | null) => {
    window.history.pushState(null, '', id ? `/field?event=${id}` : '/field');
    setEventId(id);
  };

  if (access.state === 'checking') {
    return (
      <main className="field" aria-busy="true">
        <p role="status">Opening the field card…</p>
      </main>
    );
  }
  if (access.state === 'out') {
    return (
      <main className="field">
        <h1 className="field-title">Field card</h1>
        <p className="field-problem" role="alert">
          {access.message}
        </p>
      </main>
    );
  }
  return eventId ? (
    <CardScreen eventId={eventId} onBack={() => open(null)} />
  ) : (
    <EventList identity={access.identity} onOpen={open} />
  );
}
