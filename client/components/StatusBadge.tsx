import { eventStatusLabels, type EventStatus } from '../../shared/schemas/enums.ts';

export function StatusBadge({ status }: { status: EventStatus }) {
  return <span className={`status-badge status-${status}`}>{eventStatusLabels[status]}</span>;
}
