import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// The shipped deployment uses what the API offers for it (issue 13, points 5 and 13): the
// load balancer waits for and routes by /readyz, and nginx adds the headers to every answer.

const compose = fs.readFileSync('docker-compose.yml', 'utf8');
const nginx = fs.readFileSync('deploy/nginx.conf', 'utf8');

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
