import type { AdminClub, AdminCompetition } from '../../../shared/schemas/admin.ts';
import { AdminDialog } from './AdminDialog.tsx';
import { CompetitionForm } from './CompetitionForm.tsx';

/** Add/Edit Competition; closing without saving drops every change, marks included. */
export function CompetitionDialog({
  open,
  competition,
  clubs,
  clubUic,
  timetableEnabled,
  onClose,
  onSaved,
}: {
  open: boolean;
  competition: AdminCompetition | null;
  clubs: readonly AdminClub[];
  clubUic: number;
  timetableEnabled: boolean;
  onClose: () => void;
  onSaved: (saved: AdminCompetition) => void;
}) {
  return (
    <AdminDialog
      open={open}
      onClose={onClose}
      title={competition ? 'Edit Competition' : 'Add New Competition'}
    >
      <CompetitionForm
        competition={competition}
        clubs={clubs}
        clubUic={clubUic}
        timetableEnabled={timetableEnabled}
        onSaved={onSaved}
        onCancel={onClose}
      />
    </AdminDialog>
  );
}
