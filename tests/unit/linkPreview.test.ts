import { describe, expect, it } from 'vitest';
import { withPreview } from '../../server/linkPreview.ts';

const page = `<!doctype html>
<html>
  <head>
    <title>Rith</title>
    <meta name="description" content="Live results" />
    <script type="module" src="/assets/index.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const count = (html: string, text: string) => html.split(text).length - 1;
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#39;');

describe('the link preview', () => {
  it.each([["$'"], ['$`'], ['$&'], ['$$'], ['$1']])(
    'keeps the page whole when a name holds %s',
    (pattern) => {
      const title = `Spring ${pattern} Open`;
      const html = withPreview(
        page,
        { title, description: `At ${pattern} Santry`, image: null },
        'https://rith.example/club/spring',
      );
      expect(count(html, '<title>')).toBe(1);
      expect(count(html, '<script')).toBe(1);
      expect(count(html, '</head>')).toBe(1);
      expect(html).toContain(`<title>Spring ${escaped(pattern)} Open</title>`);
      expect(html).toContain(`content="At ${escaped(pattern)} Santry"`);
    },
  );
});
