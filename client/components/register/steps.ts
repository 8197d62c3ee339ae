import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * No payment step: only plans that are not Free would need one, and only Free plans can be
 * started, so no sign-up ever reaches one.
 */
export type RegisterStep = 'contact' | 'personal' | 'done';

export const stepLabels: Record<RegisterStep, string> = {
  contact: 'Contact',
  personal: 'Your details',
  done: 'Done',
};

/**
 * The step a registration page shows. The verify page sends the user to
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
