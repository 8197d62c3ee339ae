import { describe, expect, it } from 'vitest';
import {
  eventTableContent,
  isScratched,
  shareText,
  whatsappShareUrl,
} from '../../shared/athletics/eventDisplay.ts';
import { eventStatuses } from '../../shared/schemas/enums.ts';
import type { EventStatus } from '../../shared/schemas/enums.ts';

const rows = [{ id: '1' }];

describe('eventTableContent', () => {
  const cases: [EventStatus, boolean, boolean, ReturnType<typeof eventTableContent>][] = [
    // status, has results, has start list, shown
    ['official', true, true, 'results'],
    ['official', true, false, 'results'],
    ['official', false, true, 'none'],
    ['official', false, false, 'none'],
    ['unofficial', true, true, 'startList'],
    ['unofficial', true, false, 'none'],
    ['unofficial', false, true, 'startList'],
    ['unofficial', false, false, 'none'],
    ['upcoming', true, true, 'startList'],
    ['upcoming', false, true, 'startList'],
    ['upcoming', false, false, 'startList'],
    ['scratched', true, true, 'none'],
    ['scratched', false, true, 'none'],
    // What a file published shows, even while the admin owes the event an edit.
    ['imported', true, true, 'results'],
    ['imported', false, true, 'startList'],
  ];

  it.each(cases)('%s with results %s and start list %s -> %s', (status, res, start, shown) => {
    expect(
      eventTableContent({ status, results: res ? rows : [], startListFile: start ? rows : [] }),
    ).toBe(shown);
  });
});

describe('shareText', () => {
  const link = 'https://rith.example/dublin-open/events/42';

  it('offers the results of an official event', () => {
    expect(shareText({ eventName: '100m Final', status: 'official' }, 'Dublin Open', link)).toBe(
      'Check out the results for "100m Final" at Dublin Open! See details here: https://rith.example/dublin-open/events/42',
    );
  });

  it('offers an unofficial event’s results as provisional', () => {
    expect(shareText({ eventName: '100m Final', status: 'unofficial' }, 'Dublin Open', link)).toBe(
      'Check out the unofficial results for "100m Final" at Dublin Open (provisional: they may still change)! See details here: https://rith.example/dublin-open/events/42',
    );
  });

  it.each(eventStatuses.filter((status) => status !== 'official' && status !== 'unofficial'))(
    'offers the start list otherwise (%s)',
    (status) => {
      expect(shareText({ eventName: 'Long Jump', status }, 'Dublin Open', link)).toBe(
        'Check out the start list for "Long Jump" at Dublin Open! See the start list here: https://rith.example/dublin-open/events/42',
      );
    },
  );
});

describe('whatsappShareUrl', () => {
  it('percent-encodes the whole text', () => {
    expect(whatsappShareUrl('Results for "100m" & more: https://x.ie/a?b=1#c')).toBe(
      'https://wa.me/?text=Results%20for%20%22100m%22%20%26%20more%3A%20https%3A%2F%2Fx.ie%2Fa%3Fb%3D1%23c',
    );
  });

  it('encodes non-ASCII text as UTF-8', () => {
    expect(whatsappShareUrl('Éire')).toBe('https://wa.me/?text=%C3%89ire');
  });
});

describe('isScratched', () => {
  it.each(eventStatuses.map((status) => [status, status === 'scratched'] as const))(
    '%s -> %s',
    (status, scratched) => {
      expect(isScratched(status)).toBe(scratched);
    },
  );
});
