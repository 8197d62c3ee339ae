import type { EventStatus } from '../../shared/domain.ts';
import type { HeatFacts } from '../../shared/athletics/heats.ts';
import type { ShownTable } from '../../shared/meet/shown.ts';
import { eventTitle } from '../../shared/athletics/heats.ts';
import { isScratched, shareText, whatsappShareUrl } from '../../shared/athletics/eventDisplay.ts';
import { track } from '../lib/analytics.ts';
import { useOrigin } from '../lib/useOrigin.ts';
import { Icon } from './home/Icon.tsx';
import './ShareLink.css';

/**
 * The event's share link to a messaging app, with the words of what its page
 * shows; disabled for a scratched event. On the events list and on the event's own page.
 */
export function ShareLink({
  event,
  competitionName,
}: {
  event: HeatFacts & { id: string; eventName: string; status: EventStatus; shown: ShownTable };
  competitionName: string;
}) {
  const origin = useOrigin();
  const label = `Share ${eventTitle(event)} on WhatsApp`;
  if (isScratched(event.status)) {
    return (
      <a role="link" aria-disabled="true" aria-label={label} className="share-link is-disabled">
        <Icon name="share" />
        <span aria-hidden="true">Share</span>
      </a>
    );
  }
  const link = `${origin}/event/${encodeURIComponent(event.id)}`;
  return (
    <a
      href={whatsappShareUrl(shareText(event, competitionName, link))}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${label} (opens in a new tab)`}
      className="share-link"
      onClick={() => void track('share_whatsapp', { event: event.eventName })}
    >
      <Icon name="share" />
      <span aria-hidden="true">Share</span>
    </a>
  );
}
