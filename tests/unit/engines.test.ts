import fs from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// package.json's `engines` promises the Node versions Rith installs, builds and runs on (the
// development machines and CI run Node 20): every locked package, development ones included
// (`npm start` builds the client with Vite), must declare that it runs on all of them. An
// update that raises a package's floor fails here instead of as a warning in `npm install`.

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } }>;
};

describe('the Node versions package.json promises', () => {
  it('are ones every locked package declares it runs on', () => {
    const refusing = Object.entries(lock.packages)
      .flatMap(([where, { version, engines }]) =>
        where && engines?.node ? [{ where, version, node: engines.node }] : [],
      )
      .filter(({ node }) => !semver.subset(pkg.engines.node, node));
    expect(refusing).toEqual([]);
  });
});
