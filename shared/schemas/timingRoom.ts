import { z } from 'zod';

/** A name the admin gives a token ("Finish PC", "Field PC 2"). */
export const TokenName = z.string().trim().min(1, 'Give the token a name.').max(60);

/**
 * A timing room has a few computers: a competition holds this many tokens at most, so a
 * script or a stolen session cannot fill the table (each token is checked at every upload).
 */
export const MAX_COMPETITION_TOKENS = 20;
export const TOKEN_CAP_MESSAGE =
  `This competition already has ${MAX_COMPETITION_TOKENS} timing room tokens, the most it ` +
  'may have: delete one it no longer uses first.';

/**
 * What a token opens: `agent`, the timing room's uploads and agent; `field`, an official's
 * phone, which opens only the field card of its competition (server/field/).
 */
export const TokenRole = z.enum(['agent', 'field']);
export type TokenRole = z.infer<typeof TokenRole>;

/** POST /api/admin/competitions/{uic}/tokens. */
export const CreateTokenBody = z.object({ name: TokenName, role: TokenRole.default('agent') });

/** The token is in this answer only: Rith keeps its hash. */
export const CreatedToken = z.object({ id: z.uuid(), token: z.string() });
export type CreatedToken = z.infer<typeof CreatedToken>;

export const TokenParams = z.object({ id: z.uuid() });

const when = z.iso.datetime({ offset: true });

/** What the agent last did with a file, as the timing room sees it. */
export const AgentFileOutcome = z.enum(['published', 'unchanged', 'refused', 'failed']);

/**
 * What a running agent reports every heartbeat (POST /api/agent/status), and once more when
 * it stops. The admin console shows it live.
 */
export const AgentStatusReport = z.object({
  state: z.enum(['running', 'stopped']),
  version: z.string().max(40),
  host: z.string().max(200),
  platform: z.string().max(40),
  folder: z.string().max(500),
  /** Files saved but not yet accepted by Rith. */
  queue: z.number().int().min(0).max(100_000),
  /** Files published since midnight, the agent's day. */
  filesToday: z.number().int().min(0).max(1_000_000),
  /**
   * Files saved before today that the agent found at start and holds back until told to send
   * them. 0 from agents older than this field, which hold nothing back.
   */
  held: z.number().int().min(0).max(100_000).default(0),
  lastFile: z
    .object({
      name: z.string().max(200),
      outcome: AgentFileOutcome,
      /** "100m Men, heat 2: 8 results", or the reason Rith gave. */
      detail: z.string().max(500).nullable(),
      at: when,
    })
    .nullable(),
  lastError: z.object({ message: z.string().max(500), at: when }).nullable(),
  scoreboard: z
    .object({
      port: z.number().int().min(1).max(65_535),
      /** FinishLynx is connected to the agent's scoreboard port. */
      connected: z.boolean(),
      lastLineAt: when.nullable(),
    })
    .nullable(),
});
export type AgentStatusReport = z.infer<typeof AgentStatusReport>;

/**
 * Rith's answer to a status report. `sendHeld`: an admin pressed "Send held files" in the
 * console; it stays set until the agent reports that it holds nothing back.
 */
export const AgentStatusAnswer = z.object({ sendHeld: z.boolean() });
export type AgentStatusAnswer = z.infer<typeof AgentStatusAnswer>;

/** The last report, and when Rith received it. */
export const AgentStatus = AgentStatusReport.extend({ seenAt: when });
export type AgentStatus = z.infer<typeof AgentStatus>;

/** GET /api/admin/competitions/{uic}/tokens: one row per token not revoked. */
export const CompetitionToken = z.object({
  id: z.uuid(),
  name: z.string(),
  role: TokenRole,
  createdAt: when,
  lastUsedAt: when.nullable(),
  filesReceived: z.number().int(),
  agent: AgentStatus.nullable(),
});
export type CompetitionToken = z.infer<typeof CompetitionToken>;
export const CompetitionTokens = z.array(CompetitionToken);

/** GET /api/agent: what the token is good for, so the agent can say where it publishes. */
export const AgentIdentity = z.object({
  tokenId: z.uuid(),
  tokenName: z.string(),
  competitionUic: z.number().int(),
  competitionName: z.string(),
  clubName: z.string(),
});
export type AgentIdentity = z.infer<typeof AgentIdentity>;

const cell = (max: number) => z.string().max(max);

/** The heat a scoreboard update is about, as FinishLynx numbers it (the .lif's first line). */
export const ScoreboardHeat = z.object({
  eventNumber: z.number().int().min(0).max(9999),
  round: z.number().int().min(0).max(99),
  heat: z.number().int().min(0).max(999),
  eventName: cell(200),
});
export type ScoreboardHeat = z.infer<typeof ScoreboardHeat>;

/** One result line as the scoreboard showed it: text as FinishLynx formatted it. */
export const ScoreboardRow = z.object({
  place: cell(10),
  lane: cell(10),
  bib: cell(20),
  name: cell(120),
  affiliation: cell(120),
  time: cell(20),
  reactionTime: cell(10),
});
export type ScoreboardRow = z.infer<typeof ScoreboardRow>;

/**
 * POST /api/agent/scoreboard. `results`: every line captured so far of one heat (the latest
 * wins); `clock`: the race clock of a heat, running or stopped.
 */
export const ScoreboardUpdate = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('results'),
    heat: ScoreboardHeat,
    wind: cell(10).nullable(),
    rows: z.array(ScoreboardRow).max(200),
  }),
  z.object({
    type: z.literal('clock'),
    heat: ScoreboardHeat,
    state: z.enum(['running', 'stopped']),
    /** As the scoreboard shows it: "12.3", "1:02.4". */
    time: cell(20),
  }),
]);
export type ScoreboardUpdate = z.infer<typeof ScoreboardUpdate>;

/** What Rith did with a scoreboard update; `ignored` says why (no such heat, already official). */
export const ScoreboardAnswer = z.object({
  outcome: z.enum(['published', 'ignored']),
  eventId: z.uuid().nullable(),
  reason: z.string().nullable(),
});
export type ScoreboardAnswer = z.infer<typeof ScoreboardAnswer>;
