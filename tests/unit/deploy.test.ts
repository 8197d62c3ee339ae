import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// The shipped deployment uses what the API offers for it (issue 13, points 5 and 13): the
// load balancer waits for and routes by /readyz, and nginx adds the headers to every answer.

const compose = fs.readFileSync('docker-compose.yml', 'utf8');
const nginx = fs.readFileSync('deploy/nginx.conf', 'utf8');
const dockerfile = fs.readFileSync('Dockerfile', 'utf8');
const dockerignore = fs.readFileSync('.dockerignore', 'utf8').split('\n');
const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};

/** Node's Active LTS line (since 2026-10-28; the next one, 27, from October 2027). */
const NODE_LTS = 26;

describe('the scaled deployment', () => {
  it('checks each API node by /readyz and starts the balancer only once they are ready', () => {
    expect(compose).toMatch(/x-ready: &ready\n {2}healthcheck:\n {4}test:[^]*\/readyz/);
    for (const node of ['api-1', 'api-2']) {
      expect(compose).toContain(`  ${node}:\n    <<: [*rith, *ready]`);
    }
    expect(compose).toMatch(
      /lb:[^]*depends_on:\n {6}api-1:\n {8}condition: service_healthy\n {6}api-2:\n {8}condition: service_healthy/,
    );
  });

  it('passes over a node that answers 503 and adds the security headers to every answer', () => {
    expect(nginx).toMatch(/proxy_next_upstream [^;]*http_503/);
    expect(nginx).toMatch(/location = \/readyz/);
    for (const header of [
      'add_header X-Frame-Options DENY always;',
      'add_header X-Content-Type-Options nosniff always;',
      'add_header Referrer-Policy strict-origin-when-cross-origin always;',
    ]) {
      expect(nginx).toContain(header);
    }
    expect(nginx).toMatch(/client_body_timeout \d+s;/);
  });
});

// The image and the scripts run the compiled build (issue 14, point 1); the test that runs it
// is tests/integration/compiledBuild.test.ts. No Docker engine here: these read the files.
describe('the image', () => {
  const stages = dockerfile.split(/^(?=FROM )/m).slice(1);
  const final = stages.at(-1)!;

  it('is built on the current Node LTS, every stage', () => {
    const bases = stages.map((stage) => /^FROM (\S+)/.exec(stage)![1]);
    expect(bases.length).toBeGreaterThanOrEqual(2);
    for (const base of bases) expect(base).toMatch(new RegExp(`^node:${NODE_LTS}-[a-z]+-slim$`));
  });

  it('runs the compiled server with plain node as the unprivileged node user', () => {
    expect(final).toMatch(/^USER node$/m);
    expect(final.indexOf('USER node')).toBeLessThan(final.indexOf('CMD'));
    expect(final).toMatch(/^CMD \["node", "--enable-source-maps", "dist\/server\/main\.js"\]$/m);
    expect(dockerfile).not.toMatch(/tsx/);
  });

  it('holds the build, production dependencies and the agent script only: no sources, no tests', () => {
    const copied = [...final.matchAll(/^COPY (?:--from=(\w+) )?(\S+) /gm)].map(([, stage, from]) =>
      stage ? `${stage}:${from}` : from,
    );
    expect(copied.sort()).toEqual(
      [
        'package.json',
        'scripts/stubs',
        'deps:/app/node_modules',
        'build:/app/dist',
        'build:/app/client/dist',
        'agent/rith.lss',
      ].sort(),
    );
    const deps = stages.find((stage) => /^FROM \S+ AS deps$/m.test(stage))!;
    expect(deps).toMatch(/npm ci --omit=dev/);
    expect(dockerignore).toEqual(expect.arrayContaining(['tests', 'node_modules', 'dist', '.git']));
  });

  it('leaves no TypeScript loader to the worker, the scripts or the production dependencies', () => {
    expect(compose).toContain("command: ['node', '--enable-source-maps', 'dist/worker/main.js']");
    expect(compose).not.toMatch(/tsx/);
    for (const script of ['start', 'worker', 'admin:create', 'agent']) {
      expect(pkg.scripts[script]).toMatch(/&& node --enable-source-maps dist\/\S+\.js$/);
    }
    expect(Object.keys(pkg.dependencies)).not.toContain('tsx');
  });
});
