import { useState } from 'react';
import { useLastSelection } from '../../lib/lastSelection.ts';
import { useHomeSelection } from '../../lib/useHomeSelection.ts';
import { localIsoDate } from '../../../shared/competitionList.ts';

/**
 * Where the logo and the Results link lead: the competition the home page would show for
 * '/' (the visitor's last choice, else the default), or '/' until that is known. Shares its
 * queries with the home page, so it costs no extra request there.
 */
export function useResultsPath(): string {
  // A store, not a read of storage during render: the home page records a new choice after
  // this has rendered for the new address, and the links must follow it (not lag one behind).
  const remembered = useLastSelection();
  const [today] = useState(() => localIsoDate(new Date()));
  const selection = useHomeSelection({}, remembered, today);
  return !selection || selection.notFound ? '/' : selection.canonical;
}
