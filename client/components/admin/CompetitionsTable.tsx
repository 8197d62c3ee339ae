import { useState, type MouseEvent } from 'react';
import type { SortDirection } from '../../../shared/athletics/eventTime.ts';
import { formatCompetitionDate } from '../../../shared/competitionList.ts';
import type { AdminClub, AdminCompetition } from '../../../shared/schemas/admin.ts';
import { DEFAULT_COMPETITION_ORDER, sortCompetitionsByDate } from './competitionOrder.ts';
import { fileTypeLabels, liveNowLabel, visibilityLabel } from './labels.ts';
import { Switch } from './Switch.tsx';
import { SortableHeader } from '../SortableHeader.tsx';

export type QuickToggle = 'visible' | 'liveNow';

/**
 * The club's competitions. A row click (or its name button) selects the competition whose
 * events show below; Visible and Live Now switch in place. On a phone each row is a card
 * (admin.css): its name and Edit on top, each other cell under the label data-label gives.
 */
export function CompetitionsTable({
  competitions,
  clubs,
  selectedUic,
  busyUic,
  onSelect,
  onEdit,
  onToggle,
}: {
  competitions: readonly AdminCompetition[];
  clubs: readonly AdminClub[];
  selectedUic: number | null;
  busyUic: number | null;
  onSelect: (competition: AdminCompetition) => void;
  onEdit: (competition: AdminCompetition) => void;
  onToggle: (competition: AdminCompetition, field: QuickToggle, value: boolean) => void;
}) {
  const [direction, setDirection] = useState<SortDirection>(DEFAULT_COMPETITION_ORDER);
  if (competitions.length === 0) {
    return <p className="admin-empty">No Competitions Available</p>;
  }
  const rows = sortCompetitionsByDate(competitions, direction);
  const ascending = direction === 'asc';
  const clubName = (uic: number) =>
    clubs.find((club) => club.uic === uic)?.clubName ?? `Club #${uic}`;

  const clickRow = (event: MouseEvent<HTMLElement>, competition: AdminCompetition) => {
    if ((event.target as HTMLElement).closest('a, button, input, label')) return;
    onSelect(competition);
  };

  return (
    <div className="admin-table-wrap" role="region" aria-label="Competitions" tabIndex={0}>
      <table className="admin-table">
        <caption className="visually-hidden">
          Competitions, sorted by date {ascending ? 'oldest first' : 'newest first'}
        </caption>
        <thead>
          <tr>
            <SortableHeader label="Date" direction={direction} onChange={setDirection} />
            <th scope="col">Club</th>
            <th scope="col">Name</th>
            <th scope="col">Location</th>
            <th scope="col">URL Name</th>
            <th scope="col">Visible</th>
            <th scope="col">Time Table</th>
            <th scope="col">Live Now</th>
            <th scope="col">Image</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((competition) => {
            const selected = competition.uic === selectedUic;
            const busy = competition.uic === busyUic;
            return (
              <tr
                key={competition.uic}
                className={selected ? 'admin-row is-selected' : 'admin-row'}
                aria-current={selected ? 'true' : undefined}
                onClick={(e) => clickRow(e, competition)}
              >
                <td className="nowrap" data-label="Date">
                  {formatCompetitionDate(competition.date) ?? '—'}
                </td>
                <td className="wide" data-label="Club">
                  {clubName(competition.clubUic)}
                </td>
                <td className="wide cell-title">
                  <button
                    type="button"
                    className="row-select"
                    aria-pressed={selected}
                    onClick={() => onSelect(competition)}
                  >
                    {competition.competitionName}
                  </button>
                </td>
                <td className="wide" data-label="Location">
                  {competition.location ?? '—'}
                </td>
                <td className="mono breakable" data-label="URL Name">
                  {competition.urlName ?? '—'}
                </td>
                <td data-label="Visible">
                  <Switch
                    name={`Visible: ${competition.competitionName}`}
                    checked={competition.visible}
                    disabled={busy}
                    onChange={(value) => onToggle(competition, 'visible', value)}
                    onLabel={visibilityLabel(true)}
                    offLabel={visibilityLabel(false)}
                  />
                </td>
                <td className="breakable" data-label="Time Table">
                  {competition.timeTableFileName ??
                    (competition.timeTableType === 'NONE'
                      ? '—'
                      : fileTypeLabels[competition.timeTableType])}
                </td>
                <td data-label="Live Now">
                  <Switch
                    name={`Live Now: ${competition.competitionName}`}
                    checked={competition.liveNow}
                    disabled={busy}
                    onChange={(value) => onToggle(competition, 'liveNow', value)}
                    onLabel={liveNowLabel(true)}
                    offLabel={liveNowLabel(false)}
                  />
                </td>
                <td data-label="Image">
                  {competition.imageLink ? (
                    <img className="table-thumb" src={competition.imageLink} alt="" />
                  ) : (
                    '—'
                  )}
                </td>
                <td className="cell-actions">
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    onClick={() => onEdit(competition)}
                    aria-label={`Edit ${competition.competitionName}`}
                  >
                    Edit
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
