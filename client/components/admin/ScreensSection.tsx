import { useId } from 'react';
import type { AdminCompetition } from '../../../shared/schemas/admin.ts';
import { CopyButton } from './CopyButton.tsx';
import './timingRoom.css';

/** The iframe a club pastes into its own website: the one Rith page any site may frame. */
export function embedSnippet(embedUrl: string, competitionName: string): string {
  const title = `${competitionName} — live results`.replace(/"/g, '&quot;');
  return `<iframe src="${embedUrl}" title="${title}" width="100%" height="520" style="border:0;max-width:480px" loading="lazy"></iframe>`;
}

/**
 * Where the competition goes beyond Rith's own pages: the stadium's big screen, the club's
 * website (one <iframe>), and streaming software (a transparent overlay).
 */
export function ScreensSection({
  clubUrlName,
  competition,
}: {
  clubUrlName: string | null;
  competition: AdminCompetition;
}) {
  const titleId = useId();
  if (!clubUrlName || !competition.urlName) {
    return (
      <section className="card admin-section timing-room" aria-labelledby={titleId}>
        <h2 id={titleId}>Big screen and club website</h2>
        <p className="timing-room-hint">
          Give the club and the competition a URL name to get the big screen and website links.
        </p>
      </section>
    );
  }
  const path = `${encodeURIComponent(clubUrlName)}/${encodeURIComponent(competition.urlName)}`;
  const origin = window.location.origin;
  const board = `${origin}/board/${path}`;
  const embed = `${origin}/embed/${path}`;
  const overlay = `${embed}?overlay=1`;
  const snippet = embedSnippet(embed, competition.competitionName);
  return (
    <section className="card admin-section timing-room" aria-labelledby={titleId}>
      <div className="admin-section-head">
        <h2 id={titleId}>
          Big screen and club website
          <span className="admin-section-sub"> — {competition.competitionName}</span>
        </h2>
      </div>
      <h3 className="timing-room-h3">Stadium screen or projector</h3>
      <p className="timing-room-hint">
        Open this page full screen (F11): it follows the meet by itself, with the heat just
        finished, the next start list and the field events in progress.
      </p>
      <p className="timing-room-code">
        <a href={board} target="_blank" rel="noopener">
          <code>{board}</code>
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>{' '}
        <CopyButton text={board} label="Copy link" />
      </p>
      <h3 className="timing-room-h3">Your club&rsquo;s website</h3>
      <p className="timing-room-hint">
        Paste this into your website&rsquo;s page (an HTML or embed block): a live results widget.
      </p>
      <p className="timing-room-code">
        <code>{snippet}</code> <CopyButton text={snippet} label="Copy code" />
      </p>
      <h3 className="timing-room-h3">Streaming overlay</h3>
      <p className="timing-room-hint">
        Add this address as a browser source in OBS or other streaming software: the latest results
        on a transparent background.
      </p>
      <p className="timing-room-code">
        <code>{overlay}</code> <CopyButton text={overlay} label="Copy address" />
      </p>
    </section>
  );
}
