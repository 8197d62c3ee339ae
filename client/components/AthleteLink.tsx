import type { ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router-dom';

/**
 * A link to the athlete's page (/athlete/{id}): within the app, a route change; on the pages
 * that run without the app's router (the big screen, the clubs' widget), a plain link.
 */
export function AthleteLink({
  id,
  className,
  children,
}: {
  id: string;
  className?: string;
  children: ReactNode;
}) {
  const to = `/athlete/${encodeURIComponent(id)}`;
  if (useInRouterContext()) {
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={to} className={className} target="_top">
      {children}
    </a>
  );
}
