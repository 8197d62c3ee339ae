import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * Spec section 4 has a payment step for plans that are not Free, but only Free plans can be
 * started (section 9), so no sign-up ever reaches one.
 */
export type RegisterStep = 'contact' | 'personal' | 'done';

export const stepLabels: Record<RegisterStep, string> = {
  contact: 'Contact',
  personal: 'Your details',
  done: 'Done',
};

/**
 * The step a registration page shows (spec section 4). The verify page sends the user to
 * ?step=personal&validated=1&token=…; the later steps live in memory, so reloading the done
 * screen lands on the personal form again rather than a stale confirmation.
 */
export function useRegisterStep() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verified = params.get('step') === 'personal' && params.get('validated') === '1';
  const [later, setLater] = useState<'done' | null>(null);
  const step: RegisterStep = later ?? (verified ? 'personal' : 'contact');
  return { step, token, goTo: setLater };
}
