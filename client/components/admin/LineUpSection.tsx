import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminEvent } from '../../../shared/schemas/admin.ts';
import { adminApi, adminKeys } from '../../lib/adminApi.ts';
import { errorText } from '../../lib/http.ts';
import { FormAlert } from '../auth/Field.tsx';
import { useAdminEvents } from './useAdminQueries.ts';

interface Place {
  id: string;
  name: string;
  bib: string | null;
  lane: string;
  kept: boolean;
}

/**
 * Rith's drawn line-up, for the admin (the referee) to change: lanes swapped, or an athlete
 * taken off when a tie was settled by lot. Saved, it is the admin's start list: no later
 * draw changes it; the timing room's still replaces it.
 */
export function LineUpSection({ event }: { event: AdminEvent }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const events = useAdminEvents(event.competitionUic);
  const current = events.data?.find((e) => e.id === event.id) ?? event;
  const [places, setPlaces] = useState<Place[]>(() =>
    current.startListFile.map((row) => ({
      id: row.id,
      name: row.name,
      bib: row.bib,
      lane: row.lane ?? '',
      kept: true,
    })),
  );
  const save = useMutation({
    mutationFn: () =>
      adminApi.editLineUp(event.id, {
        rows: places
          .filter((p) => p.kept)
          .map((p) => ({ id: p.id, lane: p.lane.trim() === '' ? null : p.lane.trim() })),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
  if (!current.startListDrawn && !save.isSuccess) return null;
  const change = (id: string, patch: Partial<Place>) =>
    setPlaces((all) => all.map((p) => (p.id === id ? { ...p, ...patch } : p)));
  return (
    <section className="admin-progression" aria-labelledby={headingId}>
      <h3 id={headingId}>Drawn line-up</h3>
      <p className="field-hint">
        Rith drew it from the last race&rsquo;s qualifiers. Change a lane, or take an athlete off
        after a tie drawn by lot; saved, it is yours and no draw changes it.
      </p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <table className="admin-lineup">
          <caption className="visually-hidden">Drawn line-up: lane and athlete</caption>
          <thead>
            <tr>
              <th scope="col">Lane</th>
              <th scope="col">Athlete</th>
              <th scope="col">In</th>
            </tr>
          </thead>
          <tbody>
            {places.map((p) => (
              <tr key={p.id}>
                <td>
                  <input
                    className="field-input admin-lineup-lane"
                    inputMode="numeric"
                    aria-label={`Lane of ${p.name}`}
                    value={p.lane}
                    onChange={(e) => change(p.id, { lane: e.target.value })}
                  />
                </td>
                <td>
                  {p.name}
                  {p.bib && <span className="field-hint"> · {p.bib}</span>}
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${p.name} runs`}
                    checked={p.kept}
                    onChange={(e) => change(p.id, { kept: e.target.checked })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="submit" className="btn" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save line-up'}
        </button>
      </form>
      {save.isError && (
        <FormAlert>{errorText(save.error, 'Failed to save the line-up.')}</FormAlert>
      )}
      <p role="status" className="field-hint">
        {save.isSuccess && 'Saved: the line-up is yours now.'}
      </p>
    </section>
  );
}
