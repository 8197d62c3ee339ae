import { createContext, useContext, type ReactNode } from 'react';

/** The competition whose rows may be followed from here (tables read it, no prop drilling). */
const FollowScopeContext = createContext<number | null>(null);

export function FollowScope({
  competitionUic,
  children,
}: {
  competitionUic: number;
  children: ReactNode;
}) {
  return (
    <FollowScopeContext.Provider value={competitionUic}>{children}</FollowScopeContext.Provider>
  );
}

export const useFollowScope = (): number | null => useContext(FollowScopeContext);
