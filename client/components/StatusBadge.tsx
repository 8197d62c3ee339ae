import { eventStatusLabels, type EventStatus } from '../../shared/domain.ts';

export function StatusBadge({ status }: { status: EventStatus }) {
  return <span className={`status-badge status-${status}`}>{eventStatusLabels[status]}</span>;
}
