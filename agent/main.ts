/**
 * `npm run agent -- …` and `node rith-agent.mjs …`: the command line around startAgent.
 * Exit codes: 0 stopped cleanly, 1 cannot start as asked (arguments, folder, port), 2 the
 * token is refused (a new one is needed).
 */
import { parseAgentArgs, USAGE } from './args.ts';
import { AgentStartError, startAgent } from './agent.ts';
import { AGENT_VERSION } from './version.ts';

async function main(): Promise<number> {
  const parsed = parseAgentArgs(process.argv.slice(2), process.env);
  if (parsed.kind === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (parsed.kind === 'version') {
    console.log(AGENT_VERSION);
    return 0;
  }
  if (parsed.kind === 'error') {
    console.error(`${parsed.message}\n\n${USAGE}`);
    return 1;
  }
  if (typeof fetch !== 'function' || typeof FormData !== 'function') {
    console.error(`The agent needs Node.js 18 or newer (this is ${process.version}).`);
    return 1;
  }

  let agent;
  try {
    agent = await startAgent(parsed.options);
  } catch (error) {
    if (error instanceof AgentStartError) {
      console.error(error.message);
      return error.exitCode;
    }
    throw error;
  }

  // Ctrl-C (and a closed console window, a service stop) ends cleanly; a second one at once.
  let signals = 0;
  const stop = () => {
    signals += 1;
    if (signals > 1) process.exit(130);
    console.log('stopping… (Ctrl-C again to quit at once)');
    void agent.stop();
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const) {
    try {
      process.on(signal, stop);
    } catch {
      // A signal this platform does not have.
    }
  }
  return agent.exited;
}

// A fault in one step must not end the agent in the middle of a meet: it says so and goes
// on, and the journal covers whatever that step was doing.
process.on('unhandledRejection', (reason) => {
  console.error('internal error (the agent goes on):', reason);
});

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('The agent stopped on an unexpected error:', error);
    process.exit(1);
  },
);
