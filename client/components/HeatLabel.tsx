import { heatLabel, type HeatFacts } from '../../shared/athletics/heats.ts';

/** "Heat 2 of 6" (or "Section 2 of 3" of a timed final); nothing for a race not split. */
export function HeatLabel({ event }: { event: HeatFacts }) {
  const label = heatLabel(event);
  return label ? <span className="heat-label">{label}</span> : null;
}
