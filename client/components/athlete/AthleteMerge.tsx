import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AthleteProfile } from '../../../shared/schemas/athleteProfile.ts';
import { adminApi } from '../../lib/adminApi.ts';
import { errorText } from '../../lib/http.ts';
import { FormAlert } from '../auth/Field.tsx';
import '../auth/fields.css';
import './athlete.css';

const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * A club admin's say over who an athlete is: another page of the same person merged into this
 * one (a married name, a club written two ways), and a wrong merge split again. Loaded only
 * for a signed-in admin.
 */
export function AthleteMerge({ athlete }: { athlete: AthleteProfile }) {
  const headingId = useId();
  const inputId = useId();
  const queryClient = useQueryClient();
  const [other, setOther] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['athlete'] });
  const merge = useMutation({
    mutationFn: (id: string) => adminApi.mergeAthlete(id, athlete.id),
    onSuccess: () => {
      setOther('');
      return refresh();
    },
  });
  const split = useMutation({
    mutationFn: (id: string) => adminApi.splitAthlete(id),
    onSuccess: refresh,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = ID.exec(other)?.[0];
    setInvalid(id ? null : "Paste the other athlete's page address");
    if (id) merge.mutate(id.toLowerCase());
  };
  const problem = merge.error ?? split.error;
  return (
    <section className="card athlete-own" aria-labelledby={headingId}>
      <h2 id={headingId}>Same person? (club admin)</h2>
      {athlete.merged.length > 0 && (
        <ul className="athlete-merged">
          {athlete.merged.map((m) => (
            <li key={m.id}>
              Merged in: {m.name}
              {m.club ? ` (${m.club})` : ''}{' '}
              <button
                type="button"
                className="btn btn-secondary"
                disabled={split.isPending}
                onClick={() => split.mutate(m.id)}
              >
                Split {m.name} off
              </button>
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={submit} className="athlete-own-form">
        <label htmlFor={inputId}>
          Another athlete&rsquo;s page address, to merge into this one
        </label>
        <input
          id={inputId}
          value={other}
          aria-invalid={invalid !== null}
          aria-describedby={invalid ? `${inputId}-error` : undefined}
          onChange={(e) => setOther(e.target.value)}
          placeholder="https://…/athlete/…"
        />
        {invalid && (
          <p id={`${inputId}-error`} className="field-error">
            {invalid}
          </p>
        )}
        {problem && (
          <FormAlert>{errorText(problem, 'That did not work. Please try again.')}</FormAlert>
        )}
        {merge.isSuccess && <p role="status">Merged: this page holds both now.</p>}
        <button type="submit" className="btn" disabled={merge.isPending}>
          Merge into {athlete.name}
        </button>
      </form>
    </section>
  );
}
