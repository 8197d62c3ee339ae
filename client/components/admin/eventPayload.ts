import type { AdminEvent, EventFormValues } from '../../../shared/schemas/admin.ts';
import { typeLocked } from '../../../shared/uploadRules.ts';

/** What the event form starts with; a new event starts upcoming and visible. */
export function eventFormDefaults(event: AdminEvent | null): EventFormValues {
  if (!event) {
    return {
      eventName: '',
      eventType: null,
      trackDiscipline: null,
      fieldDiscipline: null,
      round: null,
      time: '',
      status: 'upcoming',
      visible: true,
      windSpeed: '',
      resultsFileType: 'NONE',
      resultsFileName: null,
      results: [],
      startListType: 'NONE',
      startListFileName: null,
      startListFile: [],
    };
  }
  return {
    eventName: event.eventName,
    eventType: event.eventType,
    trackDiscipline: event.trackDiscipline,
    fieldDiscipline: event.fieldDiscipline,
    round: event.round,
    time: event.time ?? '',
    status: event.status,
    visible: event.visible,
    windSpeed: event.windSpeed ?? '',
    resultsFileType: event.resultsFileType,
    resultsFileName: event.resultsFileName,
    results: event.results,
    startListType: event.startListType,
    startListFileName: event.startListFileName,
    startListFile: event.startListFile,
    progress: event.progress,
  };
}

/** A saved event has a results file whose type the form must not change (the server's rule). */
export const hasResultsFile = (event: AdminEvent | null) =>
  !!event && typeLocked({ rows: event.results.length, type: event.resultsFileType });

export const hasStartListFile = (event: AdminEvent | null) =>
  !!event && typeLocked({ rows: event.startListFile.length, type: event.startListType });
