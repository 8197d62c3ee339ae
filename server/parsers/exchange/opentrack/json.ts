/**
 * JSON text with line numbers: where a syntax error is (Node's JSON.parse does not always say),
 * and on which line the value at a path ("events[3].units[0]") starts, so a reader can name
 * the line of what it could not read.
 */

export type JsonPath = readonly (string | number)[];

/** "events[3].units[0].results[2]"; the root is "the file". */
export function pathText(path: JsonPath): string {
  const text = path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`,
    )
    .join('');
  return text === '' ? 'the file' : text;
}

class JsonSyntax extends Error {
  constructor(
    readonly at: number,
    message: string,
  ) {
    super(message);
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const LITERALS = ['true', 'false', 'null'];
const NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

/** Walks JSON text value by value without building anything. */
class Scanner {
  at = 0;
  constructor(private readonly text: string) {}

  private space(): void {
    while (WHITESPACE.has(this.text[this.at] ?? '')) this.at += 1;
  }

  private fail(message: string): never {
    throw new JsonSyntax(this.at, this.at >= this.text.length ? 'the file ends too soon' : message);
  }

  /** Moves past `char` after any whitespace, or fails. */
  private expect(char: string, message: string): void {
    this.space();
    if (this.text[this.at] !== char) this.fail(message);
    this.at += 1;
  }

  /** At the start of the next value (after whitespace). */
  start(): number {
    this.space();
    return this.at;
  }

  string(): string {
    this.expect('"', 'expected a double-quoted name');
    let value = '';
    for (;;) {
      const char = this.text[this.at];
      if (char === undefined || char === '\n') this.fail('a string is not closed');
      this.at += 1;
      if (char === '"') return value;
      if (char === '\\') {
        const escaped = this.text[this.at] ?? '';
        this.at += escaped === 'u' ? 5 : 1;
        value += escaped;
      } else {
        value += char;
      }
    }
  }

  value(): void {
    const char = this.text[this.start()];
    if (char === '{') return this.object(() => this.value());
    if (char === '[') return this.array(() => this.value());
    if (char === '"') return void this.string();
    NUMBER.lastIndex = this.at;
    if (NUMBER.test(this.text)) {
      this.at = NUMBER.lastIndex;
      return;
    }
    const literal = LITERALS.find((word) => this.text.startsWith(word, this.at));
    if (literal === undefined) this.fail('expected a value');
    this.at += literal.length;
  }

  /** Each member's value is handed to `member` (which must move past it). */
  object(member: (key: string) => void): void {
    this.expect('{', 'expected an object');
    if (this.text[this.start()] === '}') return void (this.at += 1);
    for (;;) {
      this.start();
      const key = this.string();
      this.expect(':', "expected ':' after a name");
      member(key);
      this.space();
      if (this.text[this.at] === '}') return void (this.at += 1);
      this.expect(',', "expected ',' or '}'");
    }
  }

  array(item: (index: number) => void): void {
    this.expect('[', 'expected a list');
    if (this.text[this.start()] === ']') return void (this.at += 1);
    for (let index = 0; ; index += 1) {
      item(index);
      this.space();
      if (this.text[this.at] === ']') return void (this.at += 1);
      this.expect(',', "expected ',' or ']'");
    }
  }

  end(): void {
    if (this.start() < this.text.length) this.fail('more text after the end of the JSON');
  }
}

const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** The line and reason of the first syntax error in text JSON.parse refused. */
export function syntaxError(text: string): { line: number; reason: string } {
  const scanner = new Scanner(text);
  try {
    scanner.value();
    scanner.end();
  } catch (error) {
    if (error instanceof JsonSyntax) return { line: lineAt(text, error.at), reason: error.message };
  }
  return { line: lineAt(text, text.length), reason: 'not valid JSON' };
}

/** Thrown to stop the walk where the value sought starts. */
class FoundAt {
  constructor(readonly at: number) {}
}

/** The 1-based line where the value at `path` starts; undefined when the text has no such value. */
export function lineOfPath(text: string, path: JsonPath): number | undefined {
  const scanner = new Scanner(text);
  const find = (depth: number): void => {
    const start = scanner.start();
    const part = path[depth];
    if (part === undefined) throw new FoundAt(start);
    const next = (matches: boolean) => (matches ? find(depth + 1) : scanner.value());
    if (typeof part === 'number' && text[start] === '[') {
      scanner.array((index) => next(index === part));
    } else if (typeof part === 'string' && text[start] === '{') {
      scanner.object((key) => next(key === part));
    }
  };
  try {
    find(0);
  } catch (error) {
    if (error instanceof FoundAt) return lineAt(text, error.at);
  }
  return undefined;
}
