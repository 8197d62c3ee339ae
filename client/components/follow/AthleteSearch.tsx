import { useEffect, useId, useState, type Ref } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { queryKeys } from '../../../shared/queryKeys.ts';
import type { ShownEstimate } from '../../../shared/schedule/venue.ts';
import { AthleteList } from './AthleteCard.tsx';

/** Typing waits this long before asking: one request per pause, not per key. */
const DEBOUNCE_MS = 250;

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

/**
 * "Find an athlete": by name, bib or club, accents and case ignored (the server's index);
 * each one found with their events, and a follow button.
 */
export function AthleteSearch({
  competitionUic,
  estimates,
  inputRef,
}: {
  competitionUic: number;
  estimates: ReadonlyMap<string, ShownEstimate> | null;
  /** The search field, for a "Find an athlete" button elsewhere on the page to focus. */
  inputRef?: Ref<HTMLInputElement>;
}) {
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const search = useQuery({
    queryKey: queryKeys.athletes(competitionUic, `q=${q}`),
    queryFn: () => api.athletes(competitionUic, { q }),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
  const found = q === '' ? null : search.data;

  let status = '';
  if (q !== '' && search.isError)
    status = 'The search failed. Check your connection and try again.';
  else if (found) {
    status =
      found.total === 0
        ? `No athlete matches “${q}”.`
        : found.total > found.athletes.length
          ? `${found.total} athletes match; the first ${found.athletes.length} are shown. Type more of the name to narrow it.`
          : `${found.total} ${found.total === 1 ? 'athlete matches' : 'athletes match'}.`;
  }

  return (
    <section className="card athlete-search" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>Find an athlete</h2>
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={inputId}>Name, bib or club</label>
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          enterKeyHint="search"
          aria-describedby={hintId}
        />
      </form>
      <p id={hintId} className="athlete-search-hint">
        Tap the star to follow an athlete: they appear under My athletes, and their rows are
        highlighted in every list.
      </p>
      <p className="athlete-search-status" role="status" aria-live="polite">
        {status}
      </p>
      {found && (
        <AthleteList
          competitionUic={competitionUic}
          athletes={found.athletes}
          estimates={estimates}
        />
      )}
    </section>
  );
}
