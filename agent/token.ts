/**
 * Where the agent's token comes from. On the command line it shows in the process list (ps,
 * Task Manager's command line column) to anyone using the PC, so a file (--token-file) or the
 * environment (RITH_TOKEN) is better; --token still works.
 */
import { readFileSync, statSync } from 'node:fs';

export const TOKEN_ENV = 'RITH_TOKEN';

/** A token is some 50 characters: a larger "token file" is the wrong file. */
const MAX_TOKEN_FILE_BYTES = 4096;

/** The token cannot be had as given: the message says why. */
export class TokenError extends Error {}

/**
 * The token from --token or --token-file (never both), else from RITH_TOKEN: what is said on
 * the command line wins over what the environment holds. Undefined when none gives one.
 */
export function readToken(given: {
  flag: string | undefined;
  file: string | undefined;
  env: string | undefined;
}): string | undefined {
  if (given.flag !== undefined && given.file !== undefined) {
    throw new TokenError('Give the token once: --token or --token-file, not both.');
  }
  if (given.file !== undefined) return fromFile(given.file);
  return (given.flag ?? given.env)?.trim() || undefined;
}

function fromFile(path: string): string {
  let text: string;
  try {
    // Not a pipe or a device, which a read could wait on forever.
    const info = statSync(path);
    if (!info.isFile()) throw new TokenError(`The token file ${path} is not a file.`);
    if (info.size > MAX_TOKEN_FILE_BYTES) {
      throw new TokenError(`The token file ${path} holds more than a token.`);
    }
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof TokenError) throw error;
    throw new TokenError(`Cannot read the token file ${path}: ${(error as Error).message}`);
  }
  // Notepad may save a byte order mark; an editor, a final line break.
  const token = text.replace(/^\uFEFF/, '').trim();
  if (token === '') throw new TokenError(`The token file ${path} is empty.`);
  if (/\s/.test(token)) throw new TokenError(`The token file ${path} must hold the token alone.`);
  return token;
}
