import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareDataDir } from '../../server/db/template.ts';

/** A stand-in for the build's template: a database's marker file and a nested one. */
async function makeTemplate(root: string): Promise<string> {
  const template = path.join(root, 'template');
  await fs.mkdir(path.join(template, 'base', '1'), { recursive: true });
  await fs.writeFile(path.join(template, 'PG_VERSION'), '18\n');
  await fs.writeFile(path.join(template, 'base', '1', '1259'), 'catalog');
  return template;
}

describe('a new embedded data directory', () => {
  let root: string;
  let template: string;
  let dataDir: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'rith-datadir-'));
    template = await makeTemplate(root);
    dataDir = path.join(root, 'data', 'pglite');
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  const read = (...parts: string[]) => fs.readFile(path.join(dataDir, ...parts), 'utf8');

  it('starts as a copy of the template, with nothing left beside it', async () => {
    await prepareDataDir(dataDir, template);
    expect(await read('PG_VERSION')).toBe('18\n');
    expect(await read('base', '1', '1259')).toBe('catalog');
    expect(await fs.readdir(path.dirname(dataDir))).toEqual(['pglite']);
  });

  it('replaces the half copy a start that died left, never taking it for a database', async () => {
    await fs.mkdir(`${dataDir}.new`, { recursive: true });
    await fs.writeFile(path.join(`${dataDir}.new`, 'PG_VERSION'), '18\n');
    await prepareDataDir(dataDir, template);
    expect(await read('base', '1', '1259')).toBe('catalog');
    expect(await fs.readdir(path.dirname(dataDir))).toEqual(['pglite']);
  });

  it('leaves a database that is there alone', async () => {
    await fs.mkdir(dataDir, { recursive: true });
    await fs.writeFile(path.join(dataDir, 'PG_VERSION'), '17\n');
    await prepareDataDir(dataDir, template);
    expect(await read('PG_VERSION')).toBe('17\n');
    expect(await fs.readdir(dataDir)).toEqual(['PG_VERSION']);
  });

  it('fills an empty directory, and refuses one holding files but no database', async () => {
    await fs.mkdir(dataDir, { recursive: true });
    await prepareDataDir(dataDir, template);
    expect(await read('PG_VERSION')).toBe('18\n');

    await fs.rm(path.join(dataDir, 'PG_VERSION'));
    await expect(prepareDataDir(dataDir, template)).rejects.toThrow('holds files but no database');
    expect(await read('base', '1', '1259')).toBe('catalog');
    expect(await fs.readdir(path.dirname(dataDir))).toEqual(['pglite']);
  });

  it('is made by initdb, not copied, when there is no template', async () => {
    await prepareDataDir(dataDir, path.join(root, 'no-template'));
    expect(await fs.readdir(dataDir)).toEqual([]);
  });

  it('copies once when asked twice at once', async () => {
    await Promise.all([prepareDataDir(dataDir, template), prepareDataDir(dataDir, template)]);
    expect(await read('PG_VERSION')).toBe('18\n');
  });
});
