import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../lib/api.ts';
import { queryKeys } from '../../../shared/queryKeys.ts';
import type { ShownEstimate } from '../../../shared/schedule/venue.ts';
import {
  addShared,
  followsIn,
  readShareParam,
  SHARE_PARAM,
  shareParam,
  toggleClub,
  useFollows,
} from '../../lib/follows.ts';
import { AthleteList, inRunningOrder, nextEvent } from './AthleteCard.tsx';
import { AlertsToggle } from './AlertsPrompt.tsx';

/** A link that adds this competition's follows on another device (a coach to parents). */
function ShareFollows({ competitionUic }: { competitionUic: number }) {
  const follows = useFollows();
  const [copied, setCopied] = useState(false);
  const mine = followsIn(follows, competitionUic);
  if (mine.athletes.length + mine.clubs.length === 0) return null;
  const url = new URL(window.location.href);
  url.search = '';
  url.searchParams.set(SHARE_PARAM, shareParam(mine));
  const link = url.toString();
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => {
          const shared =
            typeof navigator.share === 'function'
              ? navigator.share({ title: 'My athletes on Rith', url: link })
              : navigator.clipboard.writeText(link).then(() => setCopied(true));
          void shared.catch(() => undefined);
        }}
      >
        Share this list
      </button>
      <span role="status" className="my-athletes-note">
        {copied ? 'Link copied.' : ''}
      </span>
    </>
  );
}

/** `?follow=` in the address: the follows a shared link carries are added to this device's. */
function useSharedFollows(): number | null {
  const [params, setParams] = useSearchParams();
  const [added, setAdded] = useState<number | null>(null);
  const shared = params.get(SHARE_PARAM);
  useEffect(() => {
    if (shared === null) return;
    const follows = readShareParam(shared);
    // Said once the address is tidied: the count stays while the page does.
    if (follows) void Promise.resolve(addShared(follows)).then(setAdded);
    const rest = new URLSearchParams(params);
    rest.delete(SHARE_PARAM);
    setParams(rest, { replace: true });
  }, [shared, params, setParams]);
  return added;
}

/**
 * "My athletes": each followed athlete (and each athlete of a followed club) in this
 * competition, their next event first with its estimated start, lane and heat, and their
 * results as they come: the answer is asked again whenever one of the competition's events
 * changes (a live message), and the estimates are the page's live ones.
 */
export function MyAthletes({
  competitionUic,
  estimates,
  eventsVersion,
}: {
  competitionUic: number;
  estimates: ReadonlyMap<string, ShownEstimate> | null;
  /** Changes whenever one of the competition's events does (eventsVersion in useEstimates). */
  eventsVersion: string;
}) {
  const follows = followsIn(useFollows(), competitionUic);
  const added = useSharedFollows();
  const queryClient = useQueryClient();
  const keys = follows.athletes.map((a) => a.key);
  const clubs = follows.clubs.map((c) => c.club);
  const signature = `key=${keys.join(',')}&club=${clubs.join(',')}`;
  const following = keys.length + clubs.length > 0;
  const query = useQuery({
    queryKey: queryKeys.athletes(competitionUic, signature),
    queryFn: () => api.athletes(competitionUic, { key: keys, club: clubs }),
    enabled: following,
    placeholderData: (previous) => previous,
  });
  // The competition's events changed (live updates keep the page's list current): their
  // start lists and results are asked for again.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: ['athletes', competitionUic] });
  }, [queryClient, competitionUic, eventsVersion]);

  // Those with an event still to come first, soonest first; then those who are done.
  const athletes = [...(query.data?.athletes ?? [])].sort((a, b) => {
    const na = nextEvent(a.events);
    const nb = nextEvent(b.events);
    if (!na || !nb) return (na ? 0 : 1) - (nb ? 0 : 1) || a.name.localeCompare(b.name);
    const [first] = inRunningOrder([na, nb]);
    return first?.eventId === na.eventId ? -1 : 1;
  });

  // Nothing followed here: the search says how to follow; the events stay near the top.
  if (!following && added === null) return null;
  return (
    <section className="card my-athletes" aria-labelledby="my-athletes-title">
      <div className="my-athletes-head">
        <h2 id="my-athletes-title">My athletes</h2>
        {following && (
          <div className="my-athletes-tools">
            <AlertsToggle />
            <ShareFollows competitionUic={competitionUic} />
          </div>
        )}
      </div>
      {added !== null && (
        <p className="my-athletes-note" role="status">
          {added === 0
            ? 'You already follow everyone in the shared list.'
            : `Added ${added} from the shared list.`}
        </p>
      )}
      {!following ? (
        <p className="my-athletes-empty">
          Follow athletes with the star in any list or search result, or a whole club: they are kept
          on this device and shown here, with when they are expected to start.
        </p>
      ) : (
        <>
          {follows.clubs.length > 0 && (
            <p className="my-athletes-note">
              Following every athlete of{' '}
              {follows.clubs.map((c, i) => (
                <span key={c.club}>
                  {i > 0 && ', '}
                  <strong>{c.club}</strong>{' '}
                  <button
                    type="button"
                    className="follow-link"
                    onClick={() => toggleClub(competitionUic, c.club)}
                    aria-label={`Stop following ${c.club}`}
                  >
                    (stop)
                  </button>
                </span>
              ))}
              .
            </p>
          )}
          {query.isPending && <p className="my-athletes-note">Loading your athletes…</p>}
          {query.isError && (
            <p className="my-athletes-note" role="alert">
              Your athletes could not be loaded. Check your connection.
            </p>
          )}
          {query.data && athletes.length === 0 && (
            <p className="my-athletes-empty">
              The athletes you follow are not in any start list or result of this competition yet.
            </p>
          )}
          <AthleteList competitionUic={competitionUic} athletes={athletes} estimates={estimates} />
        </>
      )}
    </section>
  );
}
