import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { AdminCompetition, AdminEvent } from '../../shared/schemas/admin.ts';
import { api } from '../lib/api.ts';
import { queryKeys } from '../../shared/queryKeys.ts';
import { usePageTitle } from '../lib/usePageTitle.ts';
import { AdminSummary } from '../components/admin/AdminSummary.tsx';
import { ClubSelector } from '../components/admin/ClubSelector.tsx';
import { CompetitionDialog } from '../components/admin/CompetitionDialog.tsx';
import { CompetitionsSection } from '../components/admin/CompetitionsSection.tsx';
import { EventDialog } from '../components/admin/EventDialog.tsx';
import { EventsSection } from '../components/admin/EventsSection.tsx';
import { TimingRoomSection } from '../components/admin/TimingRoomSection.tsx';
import { ScreensSection } from '../components/admin/ScreensSection.tsx';
import { RecordsSection } from '../components/admin/RecordsSection.tsx';
import { ExchangeSection } from '../components/admin/ExchangeSection.tsx';
import { totalAthletes } from '../components/admin/athleteCount.ts';
import {
  useAdminClubs,
  useAdminCompetitions,
  useAdminEvents,
  usePlanFeatures,
} from '../components/admin/useAdminQueries.ts';
import { useAdminLive } from '../components/admin/useAdminLive.ts';
import { useFlash } from '../components/admin/useFlash.ts';
import { useAdminSelection } from '../components/admin/useAdminSelection.ts';
import { useLocateEvent } from '../components/admin/useLocateEvent.ts';
import '../components/auth/fields.css';
import '../components/admin/admin.css';

const EVENT_PARAM = 'event';

/**
 * /admin (App.tsx lets only admins in). The open event dialog lives in the URL
 * (?event={id}), so a link to it opens it, even for another competition of the user's.
 */
export function AdminPage() {
  usePageTitle('Admin Panel');
  const session = useQuery({ queryKey: queryKeys.session, queryFn: api.session });
  const clubs = useAdminClubs();
  const competitions = useAdminCompetitions();
  const selection = useAdminSelection(clubs.data?.clubs ?? [], competitions.data ?? []);
  const { club, competition, clubCompetitions } = selection;
  const packageId = club ? club.packageId : (clubs.data?.packageId ?? null);
  const packageName = club ? club.packageName : (clubs.data?.packageName ?? null);
  const plan = usePlanFeatures(packageId);
  const events = useAdminEvents(competition?.uic ?? null);
  useAdminLive(club?.uic ?? null);
  const eventList = events.data ?? [];

  const [searchParams, setSearchParams] = useSearchParams();
  const eventId = searchParams.get(EVENT_PARAM);
  const editedEvent = eventId ? (eventList.find((e) => e.id === eventId) ?? null) : null;
  const [addingEvent, setAddingEvent] = useState(false);
  const [competitionDialog, setCompetitionDialog] = useState<{ uic: number | null } | null>(null);
  // The dialog closes on a save, so what it did is said beside the table it changed.
  const [competitionNotice, flashCompetition] = useFlash();

  const setEventParam = (id: string | null) =>
    setSearchParams(
      (params) => {
        if (id === null) params.delete(EVENT_PARAM);
        else params.set(EVENT_PARAM, id);
        return params;
      },
      { replace: true },
    );

  // A linked event that is not in the competition on screen: find its competition, or drop
  // the link when none of the user's competitions has it.
  const located = useLocateEvent(
    eventId,
    events.isSuccess && editedEvent === null,
    competitions.data,
  );
  const { selectCompetition } = selection;
  useEffect(() => {
    if (eventId === null || located === undefined) return;
    const target = competitions.data?.find((c) => c.uic === located);
    if (target && target.uic !== competition?.uic) {
      selectCompetition(target);
    } else {
      setSearchParams(
        (params) => {
          params.delete(EVENT_PARAM);
          return params;
        },
        { replace: true },
      );
    }
  }, [eventId, located, competitions.data, competition?.uic, selectCompetition, setSearchParams]);

  if (clubs.isPending || competitions.isPending) {
    return (
      <div className="container admin-page">
        <p className="admin-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          Loading admin panel…
        </p>
      </div>
    );
  }

  const user = session.data?.user;
  const editedCompetition: AdminCompetition | null =
    competitionDialog?.uic != null
      ? (competitions.data?.find((c) => c.uic === competitionDialog.uic) ?? null)
      : null;

  return (
    <div className="container admin-page">
      <AdminSummary
        userName={user?.username || user?.email || 'admin'}
        packageName={packageName}
        competitions={clubCompetitions.length}
        events={eventList.length}
        athletes={totalAthletes(eventList)}
        competitionChosen={competition !== null}
      />

      <ClubSelector clubs={clubs.data?.clubs ?? []} club={club} onSelect={selection.selectClub} />

      {competitions.isError ? (
        <section className="card admin-section">
          <p className="admin-empty" role="alert">
            Failed to fetch competitions
          </p>
        </section>
      ) : (
        <CompetitionsSection
          competitions={clubCompetitions}
          clubs={clubs.data?.clubs ?? []}
          aliases={plan.aliases}
          featuresReady={plan.ready && club !== null}
          selectedUic={competition?.uic ?? null}
          onSelect={selectCompetition}
          onAdd={() => setCompetitionDialog({ uic: null })}
          onEdit={(c) => setCompetitionDialog({ uic: c.uic })}
          notice={competitionNotice}
        />
      )}

      {competition && (
        // A token shown once belongs to its competition: another competition starts afresh.
        <TimingRoomSection key={competition.uic} competition={competition} />
      )}
      {competition && club && (
        <ScreensSection clubUrlName={club.urlName} competition={competition} />
      )}
      {competition && <RecordsSection key={competition.uic} competition={competition} />}
      {competition && <ExchangeSection key={competition.uic} competition={competition} />}

      <EventsSection
        competition={competition}
        events={eventList}
        loading={events.isPending}
        failed={events.isError}
        onAdd={() => setAddingEvent(true)}
        onEdit={(event: AdminEvent) => setEventParam(event.id)}
      />

      {club && (
        <CompetitionDialog
          open={competitionDialog !== null}
          competition={editedCompetition}
          clubs={clubs.data?.clubs ?? []}
          clubUic={club.uic}
          timetableEnabled={plan.aliases.has('timetable')}
          onClose={() => setCompetitionDialog(null)}
          onSaved={(saved) => {
            flashCompetition(
              `Competition "${saved.competitionName}" ${competitionDialog?.uic == null ? 'created' : 'saved'}.`,
            );
            selectCompetition(saved);
            setCompetitionDialog(null);
          }}
        />
      )}

      {competition && (
        <EventDialog
          open={addingEvent || editedEvent !== null}
          event={addingEvent ? null : editedEvent}
          competitions={clubCompetitions}
          competitionUic={competition.uic}
          windEnabled={plan.aliases.has('wind_speed')}
          pdfEnabled={plan.aliases.has('head_on_camera_image')}
          onClose={() => {
            setAddingEvent(false);
            if (eventId !== null) setEventParam(null);
          }}
        />
      )}
    </div>
  );
}
