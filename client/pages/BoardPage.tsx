import { useMeetBoard } from '../lib/useMeetBoard.ts';
import { usePageTitle } from '../lib/usePageTitle.ts';
import { Board } from '../components/board/Board.tsx';
import { ConnectionMark } from '../components/live/ConnectionStatus.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

/** /board/{club}/{competition}: the meet on a stadium screen or a projector, full screen. */
export function BoardPage() {
  const meet = useMeetBoard();
  usePageTitle(meet.state === 'ready' ? `${meet.competition.competitionName} — Board` : 'Board');
  if (meet.state === 'notFound') return <NotFoundPage />;
  return (
    <>
      {meet.state === 'loading' ? (
        <div className="board-status" role="status">
          Loading…
        </div>
      ) : (
        <Board
          club={meet.club}
          competition={meet.competition}
          plan={meet.plan}
          estimates={meet.estimates}
          events={meet.events}
        />
      )}
      <ConnectionMark />
    </>
  );
}
