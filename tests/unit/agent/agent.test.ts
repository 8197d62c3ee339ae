/**
 * The agent end to end, in-process and as the single-file bundle, against a stand-in for
 * Rith's API over real HTTP, with real files and real sockets.
 */
import { spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createSocket } from 'node:dgram';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAgent, TOKEN_REFUSED, type AgentHandle } from '../../../agent/agent.ts';
import { buildAgentBundle } from '../../../server/timingRoom/agentBundle.ts';
import { loadRithLss, lssStream } from '../../support/lss.ts';
import { COMPETITION, FakeRith } from './fakeRith.ts';
import { agentFolder, waiter } from './agentFolder.ts';

let dir: string;
let folder: string;
let rith: FakeRith;
let lines: string[];
const agents: AgentHandle[] = [];
agentFolder(agents, (room) => ({ dir, folder, rith, lines } = room));
const waitFor = waiter(() => lines);

const line = (pattern: RegExp) => () => lines.find((text) => pattern.test(text));

async function agent(
  extra: { token?: string; scoreboardPort?: number; url?: string; poll?: boolean } = {},
) {
  const handle = await startAgent(
    {
      url: extra.url ?? rith.url,
      token: extra.token ?? rith.token,
      folder,
      scoreboardPort: extra.scoreboardPort ?? null,
      poll: extra.poll ?? false,
    },
    { out: (text) => lines.push(text) },
  );
  agents.push(handle);
  return handle;
}

// FinishLynx ends each file with a line break: the agent waits for it (agent/settle.ts).
const lif = (name: string, text = `1,1,1,100m Men\n1,101,4,Murphy,Aoife,DCH,10.51\n${name}`) =>
  writeFile(join(folder, name), `${text}\r\n`);

describe('the timing room agent', { timeout: 30_000 }, () => {
  it('sends the backlog in one request, meet files first, then each file as it settles', async () => {
    await lif('002-1-01.lif');
    await lif('001-1-01.LIF');
    await writeFile(join(folder, 'lynx.evt'), '1,1,1,100m Men\n,101,4,Murphy,Aoife,DCH\n');
    await writeFile(join(folder, 'notes.txt'), 'not a Lynx file');
    await mkdir(join(folder, 'old'));
    await writeFile(join(folder, 'old', '009-1-01.lif'), 'a subfolder is not watched');

    const handle = await agent();
    await handle.ready;
    expect(line(/found 3 Lynx files in the folder; 3 to send/)()).toBeTruthy();
    await waitFor(line(/published 001-1-01\.LIF → 100m Men, heat 1: 8 results/), 'the outcome');
    expect(rith.uploads).toHaveLength(1);
    expect(rith.uploads[0]!.names[0]).toBe('lynx.evt');
    expect(rith.uploads[0]!.names.slice(1).sort()).toEqual(['001-1-01.LIF', '002-1-01.lif']);
    expect(
      line(/status: publishing to "Spring Open" \(Dublin City Harriers\) at http/)(),
    ).toBeTruthy();

    await lif('003-1-01.lif');
    await waitFor(line(/published 003-1-01\.lif → 100m Men, heat 1: 8 results/), 'the new file');
    expect(rith.uploads.at(-1)!.names).toEqual(['003-1-01.lif']);
    expect(lines.filter((text) => / (saved|sent) +003-1-01\.lif$/.test(text))).toHaveLength(2);
    expect(lines.find((text) => /saved +003/.test(text))).toMatch(/^\d\d:\d\d:\d\d saved {5}003/);

    // Saved again with the same content: nothing to send. The next file is sent alone, so
    // 003 was not queued before it.
    await lif('003-1-01.lif');
    await lif('004-1-01.lif');
    await waitFor(() => rith.uploads.some((u) => u.names.includes('004-1-01.lif')), '004');
    expect(rith.uploads.filter((u) => u.names.includes('003-1-01.lif'))).toHaveLength(1);

    // Changed content goes again.
    await lif('003-1-01.lif', 'corrected');
    await waitFor(
      () => rith.uploads.filter((u) => u.names.includes('003-1-01.lif')).length === 2,
      'the change',
    );

    await waitFor(
      () => rith.statuses.some((s) => s.filesToday === 6 && s.queue === 0),
      'a status report',
    );
    expect(rith.statuses[0]).toMatchObject({
      state: 'running',
      folder,
      scoreboard: null,
      version: expect.any(String),
    });
    expect(await handle.stop()).toBe(0);
    expect(rith.statuses.at(-1)).toMatchObject({
      state: 'stopped',
      lastFile: {
        name: '003-1-01.lif',
        outcome: 'published',
        detail: '100m Men, heat 1: 8 results',
      },
    });
  });

  it('sends meet files first and results in the order they settled', async () => {
    let release!: () => void;
    rith.holdUploads = new Promise((resolve) => (release = resolve));
    const handle = await agent();
    await handle.ready;
    await lif('001-1-01.lif');
    await waitFor(() => rith.files.has('001-1-01.lif'), 'the first upload');
    await lif('010-1-01.lif');
    await waitFor(line(/saved +010-1-01\.lif/), '010 to settle');
    await writeFile(join(folder, 'LYNX.SCH'), '1,1,1\n');
    await waitFor(line(/saved +LYNX\.SCH/), 'lynx.sch to settle');
    await lif('011-1-01.lif');
    await waitFor(line(/saved +011-1-01\.lif/), '011 to settle');
    expect(handle.snapshot().queue).toBe(4);
    rith.holdUploads = null;
    release();
    await waitFor(() => rith.uploads.length === 2, 'the second request');
    expect(rith.uploads[1]!.names).toEqual(['LYNX.SCH', '010-1-01.lif', '011-1-01.lif']);
  });

  it('remembers what Rith has across restarts, and Rith de-duplicates when the journal is lost', async () => {
    await lif('001-1-01.lif');
    await lif('002-1-01.lif');
    const first = await agent();
    await waitFor(line(/published 002-1-01\.lif/), 'the first run');
    await waitFor(line(/published 001-1-01\.lif/), 'the first run');
    await first.stop();

    const second = await agent();
    await second.ready;
    expect(second.snapshot().queue).toBe(0);
    expect(line(/found 2 Lynx files in the folder; Rith has them all/)()).toBeTruthy();
    await second.stop();
    expect(rith.uploads).toHaveLength(1);

    await rm(join(folder, '.rith-agent'), { recursive: true });
    const third = await agent();
    await waitFor(line(/unchanged 002-1-01\.lif \(Rith already has this version\)/), 'unchanged');
    await waitFor(line(/unchanged 001-1-01\.lif/), 'unchanged');
    expect(rith.uploads.map((u) => u.status)).toEqual([202, 200]);
    await third.stop();
  });

  it('records a refused file with its content and does not send it again until it changes', async () => {
    await lif('bad.lif', 'NOT LYNX');
    const first = await agent();
    await waitFor(line(/refused +bad\.lif: This is not a FinishLynx file\./), 'the refusal');
    await first.stop();
    const second = await agent();
    await second.ready;
    expect(second.snapshot().queue).toBe(0);

    // In a batch, each file has its own outcome; one refused later says why.
    await lif('bad.lif', 'NOT LYNX, still');
    await lif('009-1-01.lif', 'REFUSE LATER');
    await waitFor(
      line(/refused +009-1-01\.lif: Event 9 is "Long Jump" in Rith\./),
      'refused later',
    );
    await waitFor(() => rith.uploads.length === 3, 'both sends');
    expect(lines.filter((text) => /refused +bad\.lif/.test(text))).toHaveLength(2);
  });

  it('waits for Rith when it is down at start or goes down, with one line each way', async () => {
    const port = rith.port;
    await rith.close();
    await lif('001-1-01.lif');
    const handle = await agent({ url: `http://127.0.0.1:${port}` });
    await waitFor(
      line(/Rith is unreachable at http:\/\/127\.0\.0\.1:\d+ \(connection refused\)/),
      'unreachable',
    );
    rith = await FakeRith.start(port);
    await waitFor(line(/published 001-1-01\.lif/), 'the file after all');
    expect(lines.filter((text) => /unreachable/.test(text))).toHaveLength(1);
    expect(line(/Rith is reachable again/)()).toBeTruthy();

    rith.failWith = 503;
    await lif('002-1-01.lif');
    await waitFor(
      () => lines.filter((text) => /unreachable/.test(text)).length === 2,
      'down again',
    );
    await waitFor(() => handle.snapshot().queue === 1, 'queued');
    expect(rith.uploads).toHaveLength(1);
    expect(line(/status: waiting to reach "Spring Open"/)()).toBeTruthy();
    rith.failWith = null;
    await waitFor(line(/published 002-1-01\.lif/), 'the file once back');
    expect(lines.filter((text) => /unreachable/.test(text))).toHaveLength(2);
  });

  it('stops with exit code 2 when the token is refused, at start or later', async () => {
    const wrong = await agent({ token: 'revoked' });
    await expect(wrong.ready).rejects.toThrow();
    expect(await wrong.exited).toBe(2);
    expect(lines).toContainEqual(expect.stringContaining(TOKEN_REFUSED));

    lines = [];
    const handle = await agent();
    await handle.ready;
    rith.token = 'a new one';
    await lif('001-1-01.lif');
    expect(await handle.exited).toBe(2);
    expect(lines).toContainEqual(expect.stringContaining(TOKEN_REFUSED));
  });

  it('polls the folder when asked (network shares)', async () => {
    const handle = await agent({ poll: true });
    await handle.ready;
    expect(line(/watching .* \(polling\)/)()).toBeTruthy();
    await lif('001-1-01.lif');
    await waitFor(line(/published 001-1-01\.lif/), 'the file');
  });

  it('refuses to start on a folder that does not exist', async () => {
    await expect(
      startAgent(
        { url: rith.url, token: rith.token, folder: join(dir, 'missing') },
        { out: () => undefined },
      ),
    ).rejects.toThrow(/does not exist/);
  });

  describe('as the single-file program', () => {
    let bundle: string;
    beforeAll(async () => {
      bundle = join(tmpdir(), `rith-agent-${process.pid}.mjs`);
      await writeFile(bundle, await buildAgentBundle());
    }, 60_000);
    afterAll(async () => {
      await rm(bundle, { force: true });
    });

    /** The agent as an operator starts it on the folder, with these arguments besides. */
    function run(args: string[], env: NodeJS.ProcessEnv = process.env) {
      const child = spawn(
        process.execPath,
        [bundle, '--url', rith.url, '--folder', folder, ...args],
        {
          env,
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      return { child, output: () => output, exited };
    }

    it('stops cleanly on Ctrl-C: reports "stopped" and exits 0', async () => {
      await lif('001-1-01.lif');
      const { child, output, exited } = run(['--token', rith.token]);
      await waitFor(() => output().includes('published 001-1-01.lif'), 'the file');
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(rith.statuses.at(-1)).toMatchObject({ state: 'stopped', filesToday: 1, queue: 0 });
      expect(output()).toContain('stopped; the journal is saved.');
    });

    it('takes its token from a file or from RITH_TOKEN, off the command line', async () => {
      await lif('001-1-01.lif');
      const tokenFile = join(dir, 'token.txt');
      await writeFile(tokenFile, `${rith.token}\r\n`);
      const fromFile = run(['--token-file', tokenFile]);
      await waitFor(() => fromFile.output().includes('published 001-1-01.lif'), 'the file');
      fromFile.child.kill('SIGINT');
      expect(await fromFile.exited).toBe(0);

      await lif('002-1-01.lif');
      const fromEnv = run([], { ...process.env, RITH_TOKEN: rith.token });
      await waitFor(() => fromEnv.output().includes('published 002-1-01.lif'), 'the next file');
      fromEnv.child.kill('SIGINT');
      expect(await fromEnv.exited).toBe(0);
    });

    it('killed mid-send, sends the file again at the next start and Rith publishes it once', async () => {
      await lif('001-1-01.lif');
      let release!: () => void;
      rith.holdUploads = new Promise((resolve) => (release = resolve));
      const { child } = run(['--token', rith.token]);
      const killed = new Promise((resolve) => child.on('exit', resolve));
      rith.onUpload = () => child.kill('SIGKILL');
      await killed;
      rith.onUpload = null;
      rith.holdUploads = null;
      release();
      await waitFor(() => rith.uploads.length === 1, 'the first upload to be stored');
      const firstUpload = rith.files.get('001-1-01.lif')!.uploadId;

      await agent();
      await waitFor(line(/unchanged 001-1-01\.lif/), 'the resend');
      expect(rith.uploads.map((u) => u.status)).toEqual([202, 200]);
      expect(rith.files.get('001-1-01.lif')!.uploadId).toBe(firstUpload);
    });
  });

  it('forwards FinishLynx scoreboard output: throttled clock, merged results', async () => {
    const handle = await agent({ scoreboardPort: 0 });
    await handle.ready;
    const heat = { eventNumber: 1, round: 1, heat: 1, eventName: '100m Men', wind: '+0.4' };
    const results = [
      {
        place: '1',
        lane: '4',
        id: '101',
        name: 'Aoife Murphy',
        affiliation: 'DCH',
        time: '10.51',
        reactionTime: '0.145',
      },
      {
        place: '2',
        lane: '5',
        id: '236',
        name: 'Emma Ní Chonaill',
        affiliation: 'GCH',
        time: '10.77',
        reactionTime: '0.151',
      },
      {
        place: '3',
        lane: '3',
        id: '331',
        name: 'Leah Moran',
        affiliation: 'DSD',
        time: '10.90',
        reactionTime: '0.160',
      },
    ];
    const script = loadRithLss();
    const socket = connect(handle.scoreboardPort!, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    await waitFor(
      line(/FinishLynx connected to the scoreboard port from 127\.0\.0\.1/),
      'the connection',
    );
    socket.write(
      lssStream(script, [
        { type: 'init' },
        { type: 'gun', heat },
        {
          type: 'running',
          heat,
          times: Array.from({ length: 30 }, (_, i) => ((i + 1) / 10).toFixed(1)),
        },
        { type: 'stopped', heat, time: '10.51' },
      ]),
    );
    await waitFor(
      () => rith.scoreboard.some((u) => u.type === 'clock' && u.state === 'stopped'),
      'the stop',
    );
    const clocks = rith.scoreboard.filter((u) => u.type === 'clock');
    expect(clocks[0]).toMatchObject({
      state: 'running',
      heat: { eventNumber: 1, round: 1, heat: 1, eventName: '100m Men' },
    });
    // Thirty ticks in well under a second: the first goes, the rest wait for the next second.
    expect(clocks.filter((u) => u.state === 'running').length).toBeLessThanOrEqual(2);
    expect(clocks.at(-1)).toMatchObject({ state: 'stopped', time: '10.51' });

    // A paged update: two pages make the whole heat.
    socket.write(lssStream(script, [{ type: 'results', heat, lines: results, pageSize: 2 }]));
    await waitFor(
      () => rith.scoreboard.some((u) => u.type === 'results' && (u.rows as unknown[]).length === 3),
      'the whole heat',
    );
    expect(rith.scoreboard.filter((u) => u.type === 'results').at(-1)).toEqual({
      type: 'results',
      heat: { eventNumber: 1, round: 1, heat: 1, eventName: '100m Men' },
      wind: '+0.4',
      rows: results.map(({ id, ...row }) => ({ ...row, bib: id })),
    });
    await waitFor(
      line(/scoreboard 100m Men heat 1: 3 results \(unofficial\) → published/),
      'the line',
    );
    await waitFor(
      () =>
        rith.statuses.some(
          (s) => (s.scoreboard as { connected?: boolean } | null)?.connected === true,
        ),
      'the status report',
    );
    socket.end();
    await waitFor(line(/FinishLynx disconnected/), 'the disconnect');
    await waitFor(
      line(/status: .*scoreboard on port \d+, waiting for FinishLynx/),
      'the status line',
    );
    expect(COMPETITION.competitionName).toBe('Spring Open');

    // FinishLynx may send over UDP to the same port number instead.
    const udp = createSocket('udp4');
    const heat2 = { ...heat, heat: 2, official: true };
    udp.send(
      lssStream(script, [{ type: 'results', heat: heat2, lines: results.slice(0, 1) }]),
      handle.scoreboardPort!,
      '127.0.0.1',
    );
    await waitFor(
      line(/scoreboard 100m Men heat 2: 1 result \(official\) → published/),
      'the UDP update',
    );
    udp.close();
  });
});
