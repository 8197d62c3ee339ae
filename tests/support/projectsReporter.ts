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
  private readonly spans = new Map<string, { from: number; to: number }>();

  onInit(vitest: Vitest): void {
    this.configured = vitest.projects.map((p) => p.name);
  }

  onTestModuleStart(testModule: TestModule): void {
    const now = Date.now();
    const span = this.spans.get(testModule.project.name);
    this.spans.set(testModule.project.name, { from: span?.from ?? now, to: span?.to ?? now });
  }

  onTestModuleEnd(testModule: TestModule): void {
    const span = this.spans.get(testModule.project.name);
    if (span) span.to = Date.now();
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
      times: this.configured.flatMap((name) => {
        const modules = testModules.filter((m) => m.project.name === name);
        const span = this.spans.get(name);
        if (!span || modules.length === 0) return [];
        const fileMs = modules.reduce((sum, m) => {
          const d = m.diagnostic();
          return sum + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
        }, 0);
        return [
          {
            name,
            files: modules.length,
            fileSeconds: fileMs / 1000,
            wallSeconds: (span.to - span.from) / 1000,
          },
        ];
      }),
    };
    fs.writeFileSync(PROJECTS_REPORT, JSON.stringify(report));
  }
}
