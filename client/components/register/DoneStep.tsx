import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';

/**
 * The last step. Focus moves to the heading so the outcome is read out.
 * A new club admin is offered the log-in; an athlete, who has no account, the competition.
 */
export function DoneStep({ next }: { next: { to: string; text: string } }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="rg-done">
      <span className="rg-done-mark" aria-hidden="true">
        ✓
      </span>
      <h2 ref={headingRef} tabIndex={-1}>
        Registration Complete!
      </h2>
      <p>Thank you for registering. You will receive a confirmation email soon.</p>
      <div className="rg-actions">
        <Link to="/competitions" className="btn">
          Browse competitions
        </Link>
        <Link to={next.to} className="btn btn-secondary">
          {next.text}
        </Link>
      </div>
    </div>
  );
}
