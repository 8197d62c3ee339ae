import type { Follows } from '../../shared/schemas/follow.ts';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AthleteRow } from '../../shared/schemas/athlete.ts';
import type { UploadFileReport } from '../../shared/schemas/upload.ts';
import type { LiveResults, ResultsProgress } from '../../shared/schemas/event.ts';
import type { ShownSource } from '../../shared/schemas/eventHistory.ts';
import type { AgentStatusReport, TokenRole } from '../../shared/schemas/timingRoom.ts';
import type { FieldSettings } from '../../shared/athletics/field/card.ts';
import type { CombinedKind, CombinedSex } from '../../shared/athletics/combined/points.ts';
import type { TeamScoringSettings } from '../../shared/schemas/teamScores.ts';
import type { LiveMessage } from '../../shared/live/messages.ts';
import type {
  EventStatus,
  EventType,
  FeatureAlias,
  FieldDiscipline,
  FileType,
  Round,
  TrackDiscipline,
} from '../../shared/schemas/enums.ts';

/** Columns the database fills in on insert. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** JSONB is written as a JSON string and read back parsed. */
type Json<T> = ColumnType<T, string, string>;
/** DATE columns are read as 'YYYY-MM-DD' text (a type parser is set in connect.ts). */
type DateText = ColumnType<string, string, string>;

export interface PackagesTable {
  id: Generated<number>;
  name: string;
  tier: string;
  price: string;
  priceNote: string | null;
  highlight: Generated<boolean>;
  commitmentMonths: number | null;
  competitionLimit: number | null;
  advertsText: string | null;
  renewalText: string | null;
  sortOrder: Generated<number>;
}

export interface PackageFeaturesTable {
  packageId: number;
  name: string;
  alias: FeatureAlias | null;
  included: boolean;
  sortOrder: Generated<number>;
}

export interface FilesTable {
  id: Generated<string>;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  data: Uint8Array;
  createdAt: Generated<Timestamp>;
}

export interface ClubsTable {
  uic: Generated<number>;
  urlName: string | null;
  clubName: string;
  visible: Generated<boolean>;
  email: string | null;
  imageLink: string | null;
  packageId: number | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  countryCode: string | null;
  phone: string | null;
  managerName: string | null;
  facebook: string | null;
  hardware: Generated<string[]>;
  otherHardware: string | null;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string | null;
  passwordHash: string;
  emailVerifiedAt: Timestamp | null;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

export interface ClubMembersTable {
  userId: number;
  clubUic: number;
  createdAt: Generated<Timestamp>;
}

export interface CompetitionsTable {
  uic: Generated<number>;
  clubUic: number;
  competitionName: string;
  urlName: string | null;
  visible: Generated<boolean>;
  imageLink: string | null;
  imageFileId: string | null;
  liveNow: Generated<boolean>;
  location: string | null;
  date: DateText | null;
  startTime: string | null;
  closeTime: string | null;
  description: string | null;
  mapLink: string | null;
  facebook: string | null;
  timedBy: string | null;
  timedByLink: string | null;
  timeTableType: Generated<FileType>;
  timeTableFileName: string | null;
  timeTableFile: Json<unknown> | null;
  /** When the results were marked final for the federation; exports carry corrections since. */
  resultsFinalAt: Timestamp | null;
  version: Generated<number>;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

export interface EventsTable {
  id: Generated<string>;
  competitionUic: number;
  eventName: string;
  time: string | null;
  round: Generated<Round>;
  status: Generated<EventStatus>;
  visible: Generated<boolean>;
  autoCreatedFromTimetable: Generated<boolean>;
  eventType: EventType;
  trackDiscipline: TrackDiscipline | null;
  fieldDiscipline: FieldDiscipline | null;
  windSpeed: string | null;
  resultsFileName: string | null;
  resultsFileType: Generated<FileType>;
  results: ColumnType<AthleteRow[], string | undefined, string>;
  startListFileName: string | null;
  startListType: Generated<FileType>;
  startListFile: ColumnType<AthleteRow[], string | undefined, string>;
  pdfFileId: string | null;
  pdfLink: string | null;
  lynxEventNumber: string | null;
  lynxRound: string | null;
  lynxHeat: string | null;
  /** The race (or, for a field event, every flight of it) FinishLynx files of it land on. */
  lynxUnit: string | null;
  /** The round of one race whose heats (or sections) these are: what heats are counted in. */
  lynxRace: string | null;
  /** The event a race belongs to across its rounds: what rounds are told from. */
  lynxFamily: string | null;
  /** The time lynx.evt last gave: a new one replaces `time` unless the admin changed it. */
  lynxTime: string | null;
  /** 1-based heat or section; null when the race is not split. */
  heat: number | null;
  heatCount: Generated<number>;
  /** The admin chose the round: the files no longer decide it. */
  roundLocked: Generated<boolean>;
  timetableKey: string | null;
  /** The race an import made or filled (migrations/0015_exchange.ts). */
  exchangeKey: string | null;
  /** What the import last wrote of it: the same again writes nothing. */
  exchangeHash: string | null;
  /** Unofficial results from the finish camera's scoreboard feed, until a file's arrive. */
  live: ColumnType<LiveResults | null, string | null | undefined, string | null>;
  /** When it really started, on the venue's clock (HH:MM:SS): the estimated starts' input. */
  startedAt: string | null;
  /** When its first results (unofficial or official) arrived, on the venue's clock. */
  resultsAt: string | null;
  /** Results a timing file brought that are not complete yet: they wait in `live`. */
  progress: ColumnType<ResultsProgress | null, string | null | undefined, string | null>;
  /** The name as the timing system wrote it, round and heat words included. */
  lynxName: string | null;
  /** Where lynx.evt listed the race: the file's turn (seconds), then its line. */
  lynxListed: number | null;
  /** The meet's running order from lynx.sch and lynx.evt (shared/meet/runningOrder.ts). */
  runOrder: number | null;
  /** The start list is Rith's draw from the last round's qualifiers, until one is sent. */
  startListDrawn: Generated<boolean>;
  version: Generated<number>;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

export type UploadKind = 'results' | 'start_list' | 'timetable' | 'lynx_batch';
export type UploadStatus = 'queued' | 'parsing' | 'published' | 'failed';

export interface UploadsTable {
  id: Generated<string>;
  clubUic: number;
  competitionUic: number | null;
  eventId: string | null;
  kind: UploadKind;
  fileType: Generated<FileType>;
  fileIds: Generated<string[]>;
  status: Generated<UploadStatus>;
  message: string | null;
  attempts: Generated<number>;
  createdBy: number | null;
  /** What happened to each file: events it wrote, warnings, refusals. */
  report: ColumnType<UploadFileReport[], string | undefined, string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** lynx.sch: the races of a competition in running order. */
/** lynx.ppl: the athletes FinishLynx looks bibs up in. */
export interface LynxPeopleTable {
  competitionUic: number;
  bib: string;
  lastName: string;
  firstName: string;
  club: string | null;
}

export interface LynxScheduleTable {
  competitionUic: number;
  eventNumber: string;
  round: string;
  heat: string;
  position: number;
}

/** A competition's token for the timing room agent (only its hash is kept). */
export interface CompetitionTokensTable {
  id: Generated<string>;
  competitionUic: number;
  name: string;
  tokenHash: string;
  createdBy: number | null;
  createdAt: Timestamp;
  lastUsedAt: Timestamp | null;
  filesReceived: Generated<number>;
  /** The agent's last report. */
  agent: ColumnType<AgentStatusReport | null, string | null | undefined, string | null>;
  agentSeenAt: Timestamp | null;
  /** An admin asked the agent to send the files it held back; cleared once none are held. */
  sendHeldRequestedAt: Timestamp | null;
  /** `agent`: the timing room's; `field`: an official's phone, which opens only the field card. */
  role: ColumnType<TokenRole, TokenRole | undefined, TokenRole>;
}

/** A field event's card: its settings, and when the judge ended it. */
export interface FieldCardsTable {
  eventId: string;
  settings: ColumnType<FieldSettings, string, string>;
  completedAt: Timestamp | null;
}

/** An athlete added at the field, after the start list. */
export interface FieldEntriesTable {
  eventId: string;
  bib: string;
  name: string;
  club: string | null;
  flight: Generated<number>;
  createdAt: Timestamp;
}

/** One trial entered on a field card (migrations/0012_field_card.ts). */
export interface FieldTrialsTable {
  id: string;
  eventId: string;
  seq: Generated<string>;
  bib: string;
  round: number | null;
  height: string | null;
  /** Vertical: the trial's number at its height (1-3). */
  trial: number | null;
  mark: string;
  wind: string | null;
  /** The body the phone first sent with this id. */
  request: ColumnType<unknown, string, string>;
  tokenId: string | null;
  enteredAt: Timestamp;
  correctedAt: Timestamp | null;
  deletedAt: Timestamp | null;
}

/** The last content of each FinishLynx file a competition received, by lower-cased name. */
export interface LynxFilesTable {
  competitionUic: number;
  nameKey: string;
  sha256: string;
  uploadId: string;
  receivedAt: Timestamp;
}

export interface SessionsTable {
  idHash: string;
  userId: number;
  createdAt: Timestamp;
  lastSeenAt: Timestamp;
  expiresAt: Timestamp;
  userAgent: string | null;
  ip: string | null;
}

export interface TokensTable {
  id: Generated<number>;
  tokenHash: string;
  kind: 'email_verification' | 'password_reset';
  email: string;
  userId: number | null;
  competitionUic: number | null;
  packageId: number | null;
  expiresAt: Timestamp;
  verifiedAt: Timestamp | null;
  usedAt: Timestamp | null;
  createdAt: Generated<Timestamp>;
}

export interface RegistrationsTable {
  id: Generated<number>;
  competitionUic: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  gender: 'male' | 'female' | 'other' | null;
  dob: DateText | null;
  personalInfo: Json<Record<string, unknown>>;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

export interface WaitingListTable {
  id: Generated<number>;
  email: string;
  createdAt: Generated<Timestamp>;
}

export interface OutboxEmailsTable {
  id: Generated<number>;
  toAddress: string;
  subject: string;
  /** Cleared once sent, failed or expired: it may hold a live reset or sign-up link. */
  textBody: string;
  htmlBody: string;
  createdAt: Timestamp;
  sentAt: Timestamp | null;
  /** pending: to send; sent: the relay took it; kept: no relay, here for a developer; failed. */
  status: Generated<'pending' | 'sent' | 'kept' | 'failed'>;
  attempts: Generated<number>;
  nextAttemptAt: Generated<Timestamp>;
  /** When the link it carries stops working: an e-mail not sent by then is dropped. */
  expiresAt: Timestamp | null;
  link: string | null;
  lastError: string | null;
}

/** Live notices committed with their change and not yet handed to the bus. */
export interface LiveOutboxTable {
  /** bigint: a string from PostgreSQL, a number from PGlite. */
  id: ColumnType<string | number, never, never>;
  message: Json<LiveMessage>;
  attempts: Generated<number>;
  dueAt: Timestamp;
  failedAt: Timestamp | null;
  createdAt: Generated<Timestamp>;
}

export interface Database {
  packages: PackagesTable;
  packageFeatures: PackageFeaturesTable;
  files: FilesTable;
  clubs: ClubsTable;
  users: UsersTable;
  clubMembers: ClubMembersTable;
  competitions: CompetitionsTable;
  events: EventsTable;
  uploads: UploadsTable;
  lynxSchedule: LynxScheduleTable;
  lynxPeople: LynxPeopleTable;
  competitionTokens: CompetitionTokensTable;
  lynxFiles: LynxFilesTable;
  sessions: SessionsTable;
  tokens: TokensTable;
  registrations: RegistrationsTable;
  waitingList: WaitingListTable;
  outboxEmails: OutboxEmailsTable;
  liveOutbox: LiveOutboxTable;
  pushKeys: PushKeysTable;
  pushSubscriptions: PushSubscriptionsTable;
  pushAlerts: PushAlertsTable;
  eventVersions: EventVersionsTable;
  fieldCards: FieldCardsTable;
  fieldEntries: FieldEntriesTable;
  fieldTrials: FieldTrialsTable;
  roundRules: RoundRulesTable;
  combinedEvents: CombinedEventsTable;
  combinedEventParts: CombinedEventPartsTable;
  teamScoring: TeamScoringTable;
  athletes: AthletesTable;
  performances: PerformancesTable;
  seedBests: SeedBestsTable;
  records: RecordsTable;
  athletePageLinks: AthletePageLinksTable;
}

/** A round's qualification rule, by the round's key (shared/meet/rounds.ts). */
export interface RoundRulesTable {
  competitionUic: number;
  roundKey: string;
  byPlace: number;
  byTime: number;
  /** Who the round sent through when its heats were last told (server/events/rounds/). */
  told: string | null;
}

/** A decathlon or the like: its parts are events (combined_event_parts). */
export interface CombinedEventsTable {
  id: Generated<string>;
  competitionUic: number;
  name: string;
  kind: CombinedKind;
  sex: CombinedSex;
  /** Grouped by the names of its parts, one group per key; null when the admin grouped it. */
  autoKey: string | null;
  createdAt: Generated<Timestamp>;
}

export interface CombinedEventPartsTable {
  combinedId: string;
  eventId: string;
}

export interface TeamScoringTable {
  competitionUic: number;
  settings: ColumnType<TeamScoringSettings, string, string>;
}

export interface PushKeysTable {
  id: number;
  publicKey: string;
  privateKey: string;
  createdAt: Generated<Timestamp>;
}

export interface PushSubscriptionsTable {
  id: Generated<string>;
  endpoint: string;
  p256dh: string;
  auth: string;
  follows: ColumnType<Follows, string, string>;
  competitionUics: number[];
  /** The address (an IPv6 address's /64) it was last saved from; null if saved before 0011. */
  clientAddress: string | null;
  createdAt: Generated<Timestamp>;
  /** When the device last saved it: each visit to the site does. */
  updatedAt: Generated<Timestamp>;
}

export interface PushAlertsTable {
  subscriptionId: string;
  alertKey: string;
  claimedAt: Timestamp;
  sentAt: Timestamp | null;
}

/** A version of what spectators were shown of an event's results (server/events/history.ts). */
export interface EventVersionsTable {
  eventId: string;
  version: number;
  recordedAt: Timestamp;
  status: EventStatus;
  source: ShownSource;
  rows: ColumnType<AthleteRow[], string, string>;
  correction: boolean;
}

export type ClubRow = Selectable<ClubsTable>;
export type NewClub = Insertable<ClubsTable>;
export type CompetitionRow = Selectable<CompetitionsTable>;
export type NewCompetition = Insertable<CompetitionsTable>;
export type CompetitionUpdate = Updateable<CompetitionsTable>;
export type EventRow = Selectable<EventsTable>;
export type NewEvent = Insertable<EventsTable>;

/** A person Rith knows across competitions (shared/athletes/person.ts). */
export interface AthletesTable {
  id: Generated<string>;
  personKey: string;
  name: string;
  club: string | null;
  sex: string | null;
  /** Merged by a club admin into this athlete; null when the athlete stands alone. */
  mergedInto: string | null;
  hidden: Generated<boolean>;
  createdAt: Generated<Timestamp>;
}

/** A mark of a published result, as bests and records read it (server/bests/). */
export interface PerformancesTable {
  eventId: string;
  rowId: string;
  athleteId: string;
  competitionUic: number;
  eventKey: string | null;
  sex: string | null;
  mark: number | null;
  markText: string | null;
  wind: string | null;
  legal: boolean;
  hand: boolean;
  season: string;
  competitionDate: DateText;
  place: string | null;
  flags: ColumnType<string[], string[] | undefined, string[]>;
  landedAt: Timestamp;
}

/** PB or SB an entry gave (issue 31's seed bests). */
export interface SeedBestsTable {
  athleteId: string;
  eventKey: string;
  kind: 'PB' | 'SB';
  season: string;
  mark: number;
  markText: string;
}

/** A record of a competition's list, or of its club's (competitionUic null). */
export interface RecordsTable {
  id: Generated<number>;
  clubUic: number;
  competitionUic: number | null;
  type: string;
  eventName: string;
  eventKey: string;
  sex: string;
  mark: number;
  markText: string;
  holder: string;
  date: string | null;
}

/** A link mailed to a registered athlete: it hides or shows their page (server/bests/privacy.ts). */
export interface AthletePageLinksTable {
  tokenHash: string;
  athleteId: string;
  email: string;
  expiresAt: Timestamp;
  createdAt: Generated<Timestamp>;
}
