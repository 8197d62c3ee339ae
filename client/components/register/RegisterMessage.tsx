import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A dead end with one way out: not found, invalid link, failed verification. */
export function RegisterMessage({
  title,
  children,
  to,
  linkText,
}: {
  title: string;
  children?: ReactNode;
  to: string;
  linkText: string;
}) {
  return (
    <div className="container msg-page">
      <div className="card msg-card" role="alert">
        <h1>{title}</h1>
        {children && <p>{children}</p>}
        <Link className="btn" to={to}>
          {linkText}
        </Link>
      </div>
    </div>
  );
}
