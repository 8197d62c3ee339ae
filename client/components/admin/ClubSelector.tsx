import type { AdminClub } from '../../../shared/schemas/admin.ts';

/** One club: its name as text, as there is nothing to choose; several: a dropdown. */
export function ClubSelector({
  clubs,
  club,
  onSelect,
}: {
  clubs: readonly AdminClub[];
  club: AdminClub | null;
  onSelect: (uic: number) => void;
}) {
  if (!club) return null;
  if (clubs.length === 1) {
    return (
      <p className="club-selector">
        <span className="club-selector-label">Club</span>
        <strong>{club.clubName}</strong>
      </p>
    );
  }
  return (
    <div className="club-selector">
      <label htmlFor="admin-club" className="club-selector-label">
        Club
      </label>
      <select
        id="admin-club"
        className="field-input"
        value={club.uic}
        onChange={(event) => onSelect(Number(event.target.value))}
      >
        {clubs.map((option) => (
          <option key={option.uic} value={option.uic}>
            {option.clubName}
          </option>
        ))}
      </select>
    </div>
  );
}
