import { useEffect, useRef, useState } from 'react';

/** Spec section 9: the placeholder payment takes 2 seconds and always succeeds. */
export const PAYMENT_DELAY_MS = 2000;

/**
 * The payment placeholder (spec section 2): no payment call is made; it waits, then moves on.
 * The user starts it, so nothing happens behind their back.
 */
export function PaymentStep({ price, onPaid }: { price: string; onPaid: () => void }) {
  const [paying, setPaying] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The long form before it is gone: bring the new step into view and read it out.
  useEffect(() => titleRef.current?.focus(), []);

  useEffect(() => {
    if (!paying) return;
    const timer = setTimeout(onPaid, PAYMENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [paying, onPaid]);

  return (
    <div className="auth-form">
      <h2 className="rg-step-title" ref={titleRef} tabIndex={-1}>
        Payment
      </h2>
      <p className="auth-note">
        Your club account is ready. Payments are processed securely by our card payment provider;
        your card details never reach Rith.
      </p>
      <p className="rg-amount">
        Amount due: <strong>{price}</strong>
      </p>
      {paying ? (
        <p className="auth-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          Processing payment…
        </p>
      ) : (
        <button type="button" className="btn auth-submit" onClick={() => setPaying(true)}>
          Pay {price}
        </button>
      )}
    </div>
  );
}
