import fs from 'node:fs';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import {
  missingFor,
  PROJECTS_REPORT,
  SERVER_PROJECTS,
  type ProjectsRun,
  type ServerProject,
} from './projects.ts';

/**
 * Writes which projects ran, and which did not and why, for the closing lines of `npm test`:
 * a run without PostgreSQL must not read as the whole suite passing.
 */
export default class ProjectsReporter implements Reporter {
  private configured: string[] = [];

  onInit(vitest: Vitest): void {
    this.configured = vitest.projects.map((p) => p.name);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const ran = new Set(testModules.map((m) => m.project.name));
    const report: ProjectsRun = {
      ran: this.configured.filter((name) => ran.has(name)),
      notRun: [
        ...this.configured
          .filter((name) => !ran.has(name))
          .map((name) => ({ name, reason: 'not selected' })),
        ...(Object.keys(SERVER_PROJECTS) as ServerProject[])
          .filter((name) => !this.configured.includes(name))
          .map((name) => {
            const missing = missingFor(name);
            return {
              name,
              reason: missing.length ? `${missing.join(' and ')} unset` : 'not selected',
            };
          }),
      ],
    };
    fs.writeFileSync(PROJECTS_REPORT, JSON.stringify(report));
  }
}
