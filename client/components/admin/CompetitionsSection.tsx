import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeatureAlias } from '../../../shared/domain.ts';
import {
  canAddCompetition,
  COMPETITION_LIMIT,
  COMPETITION_LIMIT_TEXT,
  COMPETITION_LIMIT_TITLE,
} from '../../../shared/planGating.ts';
import type { AdminClub, AdminCompetition } from '../../../shared/schemas/admin.ts';
import { adminApi, adminKeys } from '../../lib/adminApi.ts';
import { errorText } from '../../lib/http.ts';
import { FormAlert } from '../auth/Field.tsx';
import { CompetitionsTable, type QuickToggle } from './CompetitionsTable.tsx';
import { LynxUploadDialog } from './LynxUploadDialog.tsx';

/**
 * The competitions card: plan usage, Add New Competition (within the plan), the FinishLynx
 * upload for the selected competition, and the table.
 */
export function CompetitionsSection({
  competitions,
  clubs,
  aliases,
  featuresReady,
  selectedUic,
  onSelect,
  onAdd,
  onEdit,
  notice,
}: {
  competitions: readonly AdminCompetition[];
  clubs: readonly AdminClub[];
  aliases: ReadonlySet<FeatureAlias>;
  featuresReady: boolean;
  selectedUic: number | null;
  onSelect: (competition: AdminCompetition) => void;
  onAdd: () => void;
  onEdit: (competition: AdminCompetition) => void;
  /** What the last save from the competition dialog did, shown after the dialog closed. */
  notice: string | null;
}) {
  const queryClient = useQueryClient();
  const [toggleError, setToggleError] = useState<string | null>(null);
  const [lynxOpen, setLynxOpen] = useState(false);
  const selected = competitions.find((c) => c.uic === selectedUic) ?? null;
  // The quick switches change one flag, whatever state the rest of the competition is in.
  const toggle = useMutation({
    mutationFn: ({ competition, field, value }: ToggleVars) =>
      adminApi.setCompetitionFlags(competition.uic, { [field]: value }),
    onMutate: () => setToggleError(null),
    onError: (error) => setToggleError(errorText(error, 'Failed to save competition.')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });

  const limited = aliases.has('limited_to_3_competitions');
  const canAdd = featuresReady && canAddCompetition(aliases, competitions.length);

  return (
    <section className="card admin-section" aria-labelledby="competitions-title">
      <div className="admin-section-head">
        <h2 id="competitions-title">Competitions</h2>
        {limited && (
          <p className="usage">
            <span className="usage-badge">
              Competitions Used: {competitions.length} / {COMPETITION_LIMIT}
            </span>
            <span className="usage-hint">
              Need more? <Link to="/pricing">Upgrade your plan</Link>
            </span>
          </p>
        )}
        <button
          type="button"
          className="btn btn-secondary admin-add"
          onClick={() => setLynxOpen(true)}
          disabled={selected === null}
          title={selected ? `For ${selected.competitionName}` : 'Select a competition first.'}
        >
          Upload FinishLynx files
        </button>
        <button
          type="button"
          className="btn admin-add"
          onClick={onAdd}
          disabled={!canAdd}
          aria-describedby={featuresReady && !canAdd ? 'competition-limit' : undefined}
        >
          Add New Competition
        </button>
      </div>
      {featuresReady && !canAdd && (
        <div id="competition-limit" className="limit-notice">
          <strong>{COMPETITION_LIMIT_TITLE}</strong>
          <span>{COMPETITION_LIMIT_TEXT}</span>
        </div>
      )}
      {toggleError && <FormAlert>{toggleError}</FormAlert>}
      {/* The live region stays in the page while empty: a region and its first words
          arriving together are not announced by every screen reader. */}
      <div className="admin-notice" role="status">
        {notice && <p className="form-success">{notice}</p>}
      </div>
      {selected && (
        <LynxUploadDialog
          competition={selected}
          open={lynxOpen}
          onClose={() => setLynxOpen(false)}
        />
      )}
      <CompetitionsTable
        competitions={competitions}
        clubs={clubs}
        selectedUic={selectedUic}
        busyUic={toggle.isPending ? toggle.variables.competition.uic : null}
        onSelect={onSelect}
        onEdit={onEdit}
        onToggle={(competition, field, value) => toggle.mutate({ competition, field, value })}
      />
    </section>
  );
}

interface ToggleVars {
  competition: AdminCompetition;
  field: QuickToggle;
  value: boolean;
}
