/**
 * Test projects that need a server the environment names. Without it they are left out of
 * the run (vitest.config.ts), and `npm test` says so in its closing lines
 * (tests/support/projectsReporter.ts, scripts/test.mjs) instead of passing in silence.
 */
export const SERVER_PROJECTS = {
  'integration-postgres': ['DATABASE_URL'],
  scale: ['DATABASE_URL', 'REDIS_URL'],
} as const;

export type ServerProject = keyof typeof SERVER_PROJECTS;

/** The variables a project needs that are unset: none means it runs. */
export function missingFor(project: ServerProject, env = process.env): string[] {
  return SERVER_PROJECTS[project].filter((name) => !env[name]);
}

/** What the projects reporter leaves for scripts/test.mjs to print. */
export interface ProjectsRun {
  ran: string[];
  notRun: { name: string; reason: string }[];
  /**
   * Per project: its files, their time added up (import, set-up and tests), and the wall time
   * from its first file's start to its last file's end (projects overlap on two workers).
   */
  times: { name: string; files: number; fileSeconds: number; wallSeconds: number }[];
}

export const PROJECTS_REPORT = 'tests/output/vitest-projects.json';
