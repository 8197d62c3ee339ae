import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ProgressionRule } from '../../../shared/schemas/event.ts';
import type { AdminEvent } from '../../../shared/schemas/admin.ts';
import { leadsOn } from '../../../shared/meet/rounds.ts';
import { ruleText, throughTo } from '../../../shared/athletics/rounds/words.ts';
import { formatPerformance } from '../../../shared/athletics/performance.ts';
import { adminApi, adminKeys } from '../../lib/adminApi.ts';
import { errorText } from '../../lib/http.ts';
import { FormAlert, TextField } from '../auth/Field.tsx';
import { useAdminEvents } from './useAdminQueries.ts';

/** Whether the event's round can have a qualification rule: a race's heats, quarters, semis. */
export const hasProgression = (event: AdminEvent) =>
  event.eventType === 'ATHLETICS' && leadsOn(event.round);

/**
 * The round's qualification rule, for every heat of it: saved on its own (not with the
 * event's form), as it changes every heat's Q and q at once. Ties for the last place are
 * listed here for the referee, who decides them.
 */
export function ProgressionSection({ event }: { event: AdminEvent }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  // As last fetched: a heat's results, or this rule's save, change who is through.
  const events = useAdminEvents(event.competitionUic);
  const current = (events.data?.find((e) => e.id === event.id) ?? event).progression;
  const form = useForm({
    resolver: zodResolver(ProgressionRule),
    defaultValues: { byPlace: current?.byPlace ?? 2, byTime: current?.byTime ?? 0 },
  });
  const save = useMutation({
    mutationFn: (rule: ProgressionRule) => adminApi.setProgression(event.id, rule),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
  const { errors } = form.formState;
  return (
    <section className="admin-progression" aria-labelledby={headingId}>
      <h3 id={headingId}>Qualification</h3>
      <p className="field-hint">
        Who goes through to the next race: every heat of this one follows the rule (0 and 0 removes
        it). Rith marks Q and q as each heat&rsquo;s results land and draws the next round&rsquo;s
        line-up once the round is complete.
      </p>
      <form
        className="admin-progression-form"
        noValidate
        onSubmit={(e) => void form.handleSubmit((rule) => save.mutate(rule))(e)}
      >
        <TextField
          label="First by place in each heat (Q)"
          type="number"
          inputMode="numeric"
          min={0}
          max={99}
          error={errors.byPlace?.message}
          registration={form.register('byPlace', { valueAsNumber: true })}
        />
        <TextField
          label="Then the fastest (q)"
          type="number"
          inputMode="numeric"
          min={0}
          max={99}
          error={errors.byTime?.message}
          registration={form.register('byTime', { valueAsNumber: true })}
        />
        <button type="submit" className="btn" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save rule'}
        </button>
      </form>
      {save.isError && <FormAlert>{errorText(save.error, 'Failed to save the rule.')}</FormAlert>}
      {/* Mounted from the start, so the words put in it are read out. */}
      <p role="status" className="field-hint">
        {save.isSuccess &&
          (save.data.progression
            ? `Saved: ${ruleText(save.data.progression)}.`
            : 'Saved: the round has no rule.')}
      </p>
      {current && (
        <div className="admin-progression-state">
          <p>
            <strong>{ruleText(current)}.</strong> {current.heatsIn} of {current.heatCount} heats in;{' '}
            {current.qualifiers.length} {throughTo(current.nextRound).toLowerCase()}
            {current.final ? '.' : ' so far (q provisional).'}
          </p>
          {current.ties.map((tie, i) => (
            <p key={i} role="note" className="admin-progression-tie">
              <strong>For the referee:</strong> a tie for the last{' '}
              {tie.kind === 'place' ? `place in heat ${tie.heat}` : 'time qualifying place'} between{' '}
              {tie.athletes
                .map((a) => `${a.name} (${formatPerformance(a.performance, 'track')})`)
                .join(', ')}{' '}
              for {tie.places} {tie.places === 1 ? 'place' : 'places'}. All are marked through; if
              no lane is free, draw lots and edit the next round&rsquo;s start list.
            </p>
          ))}
        </div>
      )}
    </section>
  );
}
