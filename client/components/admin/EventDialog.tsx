import type { AdminCompetition, AdminEvent } from '../../../shared/schemas/admin.ts';
import { eventTitle } from '../../../shared/athletics/heats.ts';
import { AdminDialog } from './AdminDialog.tsx';
import { EventForm } from './EventForm.tsx';
import { hasProgression, ProgressionSection } from './ProgressionSection.tsx';
import { LineUpSection } from './LineUpSection.tsx';

/** Add/Edit Event; closing without saving drops every change. */
export function EventDialog({
  open,
  event,
  competitions,
  competitionUic,
  windEnabled,
  pdfEnabled,
  onClose,
}: {
  open: boolean;
  event: AdminEvent | null;
  competitions: readonly AdminCompetition[];
  competitionUic: number;
  windEnabled: boolean;
  pdfEnabled: boolean;
  onClose: () => void;
}) {
  return (
    <AdminDialog
      open={open}
      onClose={onClose}
      title={event ? 'Edit Event' : 'Add New Event'}
      // Six heats may share one name: the dialog says which one is open.
      {...(event ? { description: eventTitle(event) } : {})}
    >
      <EventForm
        // A different event, or a new one, starts a fresh form.
        key={event?.id ?? 'new'}
        event={event}
        competitions={competitions}
        competitionUic={competitionUic}
        windEnabled={windEnabled}
        pdfEnabled={pdfEnabled}
        onSaved={onClose}
        onCancel={onClose}
      />
      {event && hasProgression(event) && <ProgressionSection event={event} />}
      {/* Shown for a drawn line-up, and kept once saved (it is the admin's then). */}
      {event && <LineUpSection key={event.id} event={event} />}
    </AdminDialog>
  );
}
