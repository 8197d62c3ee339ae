import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { AdminCompetition } from '../../../shared/schemas/admin.ts';
import type { CompetitionToken, CreatedToken } from '../../../shared/schemas/timingRoom.ts';
import {
  AGENT_DOWNLOAD_PATH,
  AGENT_TOKEN_FILE,
  agentCommand,
  agentConnected,
  LSS_DOWNLOAD_PATH,
} from '../../../shared/timingRoom.ts';
import { formatCompetitionDate } from '../../../shared/competitionList.ts';
import { competitionClock } from '../../../shared/entries.ts';
import { venueTimeOfDay } from '../../../shared/schedule/venue.ts';
import { errorText } from '../../lib/http.ts';
import { FormAlert } from '../auth/Field.tsx';
import { CopyButton } from './CopyButton.tsx';
import { useTimingRoom } from './useTimingRoom.ts';
import { FieldCardLinks } from './FieldCardLinks.tsx';
import { useNow } from '../../lib/useNow.ts';
import './timingRoom.css';

// On the venue's 24-hour clock and calendar, as the public pages show times and dates.
const clock = (iso: string) => venueTimeOfDay(new Date(iso));
const day = (iso: string) => {
  const { date } = competitionClock(new Date(iso));
  return formatCompetitionDate(date) ?? date;
};

/**
 * The competition's timing room: tokens for the agent on the timing PC, the one line that
 * starts it, and what each agent is doing, live.
 */
export function TimingRoomSection({ competition }: { competition: AdminCompetition }) {
  const { tokens, create, revoke, sendHeld } = useTimingRoom(competition.uic);
  const [name, setName] = useState('Finish PC');
  const [fresh, setFresh] = useState<CreatedToken | null>(null);
  const [folder, setFolder] = useState('C:\\Lynx');
  const [port, setPort] = useState<number | null>(null);
  const now = useNow();
  const ids = { name: useId(), folder: useId(), port: useId(), command: useId() };

  const siteUrl = window.location.origin;
  const command = agentCommand({ siteUrl, folder, scoreboardPort: port });
  // The fresh token as a file to save beside the agent, for as long as it is shown.
  const tokenFile = useMemo(
    () => (fresh ? URL.createObjectURL(new Blob([`${fresh.token}\r\n`])) : null),
    [fresh],
  );
  useEffect(() => () => void (tokenFile && URL.revokeObjectURL(tokenFile)), [tokenFile]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name: name.trim() }, { onSuccess: (created) => setFresh(created) });
  };

  return (
    <section className="card admin-section timing-room" aria-labelledby="timing-room-title">
      <div className="admin-section-head">
        <h2 id="timing-room-title">
          Timing room
          <span className="admin-section-sub"> — {competition.competitionName}</span>
        </h2>
      </div>
      <p className="timing-room-intro">
        The Rith agent runs on the timing PC: it publishes every file FinishLynx saves, and its live
        scoreboard, with no clicks. It needs Node.js and a token of this competition.
      </p>

      <form className="timing-room-create" onSubmit={submit}>
        <label htmlFor={ids.name}>Token name</label>
        <input
          id={ids.name}
          value={name}
          maxLength={60}
          required
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="btn" disabled={create.isPending || name.trim() === ''}>
          {create.isPending ? 'Creating…' : 'Create token'}
        </button>
      </form>
      {create.isError && (
        <FormAlert>{errorText(create.error, 'Failed to create the token.')}</FormAlert>
      )}
      {fresh && (
        <div className="timing-room-token" role="status">
          <p>
            <strong>Copy this token now:</strong> Rith keeps only its fingerprint and cannot show it
            again.
          </p>
          <p className="timing-room-code">
            <code>{fresh.token}</code> <CopyButton text={fresh.token} label="Copy token" />
          </p>
          {tokenFile && (
            <p>
              <a className="btn" href={tokenFile} download={AGENT_TOKEN_FILE}>
                Save as {AGENT_TOKEN_FILE}
              </a>
            </p>
          )}
        </div>
      )}

      <h3 className="timing-room-h3">Start the agent</h3>
      <ol className="timing-room-steps">
        <li>
          Install <a href="https://nodejs.org/">Node.js</a> (version 18 or later) on the timing PC.
        </li>
        <li>
          <a href={AGENT_DOWNLOAD_PATH} download="rith-agent.mjs">
            Download the agent
          </a>{' '}
          (one file, rith-agent.mjs) into a folder of your choice.
        </li>
        <li>
          Save the token in that folder as {AGENT_TOKEN_FILE} (the button above, or paste it into
          Notepad and save it under that name). The agent reads it from there, so it never shows in
          the PC&rsquo;s list of running programs.
        </li>
        <li>
          In that folder, run this line in a terminal (Command Prompt, PowerShell or Terminal):
        </li>
      </ol>
      <div className="timing-room-options">
        <label htmlFor={ids.folder}>FinishLynx results folder</label>
        <input id={ids.folder} value={folder} onChange={(e) => setFolder(e.target.value)} />
        <label htmlFor={ids.port}>Scoreboard port (optional)</label>
        <input
          id={ids.port}
          inputMode="numeric"
          placeholder="e.g. 5000"
          value={port ?? ''}
          onChange={(e) => {
            const value = Number(e.target.value.replace(/\D/g, ''));
            setPort(value > 0 && value < 65_536 ? value : null);
          }}
        />
      </div>
      <p className="timing-room-code">
        <code id={ids.command}>{command}</code> <CopyButton text={command} label="Copy command" />
      </p>
      {!fresh && (
        <p className="timing-room-hint">
          The agent needs a token in {AGENT_TOKEN_FILE}: create one above (each is shown once).
        </p>
      )}
      {port !== null && (
        <p className="timing-room-hint">
          In FinishLynx, load Rith&rsquo;s scoreboard script (
          <a href={LSS_DOWNLOAD_PATH} download="rith.lss">
            download rith.lss
          </a>
          ) and send the scoreboard to this PC on port {port} over the network (TCP).
        </p>
      )}

      <FieldCardLinks competitionUic={competition.uic} />

      <h3 className="timing-room-h3">Tokens and agents</h3>
      {tokens.isPending ? (
        <p className="admin-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          Loading tokens…
        </p>
      ) : tokens.isError ? (
        <p className="admin-empty">Failed to fetch tokens</p>
      ) : tokens.data.length === 0 ? (
        <p className="admin-empty">No tokens yet</p>
      ) : (
        <ul className="timing-room-tokens">
          {tokens.data.map((token) => (
            <TokenCard
              key={token.id}
              token={token}
              now={now}
              revoking={revoke.isPending && revoke.variables === token.id}
              sendHeld={
                sendHeld.variables !== token.id || sendHeld.isError
                  ? 'idle'
                  : sendHeld.isPending
                    ? 'asking'
                    : 'asked'
              }
              onSendHeld={() => sendHeld.mutate(token.id)}
              onRevoke={() => {
                const stops =
                  token.role === 'field'
                    ? 'The phone with its card stops at its next entry.'
                    : 'Its agent stops publishing at once.';
                if (window.confirm(`Revoke "${token.name}"? ${stops}`)) {
                  revoke.mutate(token.id, {
                    onSuccess: () => setFresh((f) => (f?.id === token.id ? null : f)),
                  });
                }
              }}
            />
          ))}
        </ul>
      )}
      {revoke.isError && (
        <FormAlert>{errorText(revoke.error, 'Failed to revoke the token.')}</FormAlert>
      )}
      {sendHeld.isError && (
        <FormAlert>
          {errorText(sendHeld.error, 'Failed to ask the agent for its held files.')}
        </FormAlert>
      )}
    </section>
  );
}

function TokenCard({
  token,
  now,
  revoking,
  onRevoke,
  sendHeld,
  onSendHeld,
}: {
  token: CompetitionToken;
  now: number;
  revoking: boolean;
  onRevoke: () => void;
  /** Where this card's "Send held files" stands: asked means Rith has recorded it. */
  sendHeld: 'idle' | 'asking' | 'asked';
  onSendHeld: () => void;
}) {
  const { agent } = token;
  const connected = agentConnected(agent, now);
  return (
    <li className="timing-room-card">
      <div className="timing-room-card-head">
        <strong>{token.name}</strong>
        {token.role === 'field' ? (
          <span className="agent-state">Field card</span>
        ) : (
          <span className={`agent-state ${connected ? 'is-connected' : 'is-gone'}`}>
            {connected
              ? 'Agent connected'
              : agent?.state === 'stopped'
                ? 'Agent stopped'
                : 'Agent not connected'}
          </span>
        )}
        <button type="button" className="btn btn-danger" onClick={onRevoke} disabled={revoking}>
          {revoking ? 'Revoking…' : 'Revoke'}
        </button>
      </div>
      <dl className="timing-room-facts">
        {agent && (
          <>
            <dt>Agent</dt>
            <dd>
              {agent.host} · {agent.folder} · last heard {clock(agent.seenAt)}
            </dd>
            <dt>Last file</dt>
            <dd>
              {agent.lastFile
                ? `${agent.lastFile.name}: ${agent.lastFile.outcome}${
                    agent.lastFile.detail ? ` (${agent.lastFile.detail})` : ''
                  } at ${clock(agent.lastFile.at)}`
                : 'none yet'}
            </dd>
            <dt>Files today</dt>
            <dd>
              {agent.filesToday} published{agent.queue > 0 ? ` · ${agent.queue} waiting` : ''}
            </dd>
            {agent.held > 0 && (
              <>
                <dt>Held back</dt>
                <dd>
                  {agent.held === 1
                    ? '1 file saved before today is held back'
                    : `${agent.held} files saved before today are held back`}{' '}
                  {sendHeld === 'asked' ? (
                    <span role="status">· asked: the agent sends them when it next reports</span>
                  ) : (
                    <button
                      type="button"
                      className="btn"
                      onClick={onSendHeld}
                      disabled={sendHeld === 'asking'}
                    >
                      {sendHeld === 'asking' ? 'Asking…' : 'Send held files'}
                    </button>
                  )}
                </dd>
              </>
            )}
            {agent.scoreboard && (
              <>
                <dt>Scoreboard</dt>
                <dd>
                  port {agent.scoreboard.port} ·{' '}
                  {agent.scoreboard.connected ? 'FinishLynx connected' : 'FinishLynx not connected'}
                </dd>
              </>
            )}
            <dt>Last error</dt>
            <dd className={agent.lastError ? 'timing-room-error' : undefined}>
              {agent.lastError
                ? `${agent.lastError.message} (${clock(agent.lastError.at)})`
                : 'none'}
            </dd>
          </>
        )}
        <dt>Created</dt>
        <dd>{day(token.createdAt)}</dd>
        {token.role === 'field' ? (
          <>
            <dt>Last used</dt>
            <dd>
              {token.lastUsedAt
                ? `${day(token.lastUsedAt)} ${clock(token.lastUsedAt)}`
                : 'never used'}
            </dd>
          </>
        ) : (
          <>
            <dt>Files received</dt>
            <dd>
              {token.filesReceived}
              {token.lastUsedAt
                ? ` · last used ${day(token.lastUsedAt)} ${clock(token.lastUsedAt)}`
                : ' · never used'}
            </dd>
          </>
        )}
      </dl>
    </li>
  );
}
