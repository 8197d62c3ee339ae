import { useOutbox } from './useFieldCard.ts';

/** How many entries wait on this phone to be sent: always on screen, read out as it changes. */
export function WaitingBadge() {
  const state = useOutbox();
  const count = state.waiting.length;
  const text = state.refused
    ? 'Token revoked: entries cannot be sent'
    : count === 0
      ? 'All sent'
      : `${count} waiting to be sent`;
  return (
    <p
      className={`field-waiting${count > 0 || state.refused ? ' is-waiting' : ''}`}
      role="status"
      aria-live="polite"
      data-waiting={count}
    >
      {text}
    </p>
  );
}
