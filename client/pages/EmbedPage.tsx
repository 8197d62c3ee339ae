import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useMeetBoard } from '../lib/useMeetBoard.ts';
import { usePageTitle } from '../lib/usePageTitle.ts';
import { Widget } from '../components/embed/Widget.tsx';
import { ConnectionMark } from '../components/live/ConnectionStatus.tsx';

/**
 * /embed/{club}/{competition}: the live widget for a club's own website (the one page any
 * site may frame); ?overlay=1 is the transparent variant for streaming software.
 */
export function EmbedPage() {
  const meet = useMeetBoard();
  const [params] = useSearchParams();
  const overlay = params.get('overlay') === '1';
  usePageTitle(meet.state === 'ready' ? `${meet.competition.competitionName} — Live` : 'Live');
  useEffect(() => {
    // The framing page shows through: the widget draws its own card, the overlay none.
    document.documentElement.classList.add('is-embedded');
    return () => document.documentElement.classList.remove('is-embedded');
  }, []);
  return (
    <>
      {meet.state === 'ready' ? (
        <Widget
          club={meet.club}
          competition={meet.competition}
          plan={meet.plan}
          estimates={meet.estimates}
          overlay={overlay}
        />
      ) : (
        <main className="widget">
          <p className="widget-empty" role="status">
            {meet.state === 'loading' ? 'Loading…' : 'This competition is not on Rith.'}
          </p>
        </main>
      )}
      <ConnectionMark />
    </>
  );
}
