import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export type RegisterStep = 'contact' | 'personal' | 'payment' | 'done';

export const stepLabels: Record<RegisterStep, string> = {
  contact: 'Contact',
  personal: 'Your details',
  payment: 'Payment',
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
  const [later, setLater] = useState<'payment' | 'done' | null>(null);
  const step: RegisterStep = later ?? (verified ? 'personal' : 'contact');
  return { step, token, goTo: setLater };
}
