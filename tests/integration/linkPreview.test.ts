import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { athlete, createClub, createCompetition, createEvent } from '../support/factory.ts';

// Messaging apps read the page's HTML and run no JavaScript: the server writes the title,
// description and Open Graph tags of the event or competition into it.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ serveClient: true, config: { publicUrl: 'https://results.example' } });
});
afterAll(async () => {
  await t?.close();
});

async function html(path: string) {
  const res = await fetch(`${t.url}${path}`, { headers: { 'user-agent': 'WhatsApp/2.24' } });
  return { status: res.status, text: await res.text() };
}

const og = (text: string, property: string) =>
  new RegExp(`<meta property="og:${property}" content="([^"]*)"`).exec(text)?.[1];

describe('link previews', () => {
  it('describe an event, a competition page and a registration page', async () => {
    const club = await createClub(t.runtime.db, { clubName: 'Leevale AC', urlName: 'leevale-ac' });
    const competition = await createCompetition(t.runtime.db, club.uic, {
      competitionName: 'Cork City Sports <2026>',
      urlName: 'city-sports',
      date: '2026-07-14',
      location: 'MTU Stadium, Cork',
      imageLink: '/api/files/00000000-0000-4000-8000-000000000001',
    });
    const event = await createEvent(t.runtime.db, competition.uic, {
      eventName: "Men's 100m Final",
      status: 'official',
      results: [athlete({ name: 'Israel Olatunde', rank: '1', performance: '10.17' })],
    });

    const eventPage = await html(`/event/${event.id}`);
    expect(eventPage.status).toBe(200);
    expect(eventPage.text).toContain(
      `<title>Men&#39;s 100m Final — Cork City Sports &lt;2026&gt; | Rith</title>`,
    );
    expect(og(eventPage.text, 'description')).toBe(
      'Results for Men&#39;s 100m Final at Cork City Sports &lt;2026&gt; (2026-07-14, MTU Stadium, Cork), live on Rith.',
    );
    expect(og(eventPage.text, 'url')).toBe(`https://results.example/event/${event.id}`);
    expect(og(eventPage.text, 'image')).toBe(
      'https://results.example/api/files/00000000-0000-4000-8000-000000000001',
    );
    // The page's first screen is drawn into it (server/pageRender.ts).
    expect(eventPage.text).toMatch(/<div id="root"[^>]*><.*Cork City Sports/s);

    // The finish camera's unofficial lines are shared as provisional.
    const heat = await createEvent(t.runtime.db, competition.uic, {
      eventName: "Men's 100m Heat 1",
      status: 'unofficial',
      live: JSON.stringify({
        rows: [athlete({ name: 'Israel Olatunde', rank: '1', performance: '10.21' })],
        wind: null,
        updatedAt: new Date().toISOString(),
      }),
    });
    expect(og((await html(`/event/${heat.id}`)).text, 'description')).toBe(
      'Unofficial (provisional) results for Men&#39;s 100m Heat 1 at Cork City Sports &lt;2026&gt; (2026-07-14, MTU Stadium, Cork), live on Rith.',
    );

    const competitionPage = await html('/leevale-ac/city-sports');
    expect(og(competitionPage.text, 'title')).toBe(
      'Leevale AC — Cork City Sports &lt;2026&gt; | Rith',
    );

    const register = await html(`/register/competition/${competition.uic}`);
    expect(og(register.text, 'title')).toBe('Register for Cork City Sports &lt;2026&gt; | Rith');
    expect(og(register.text, 'description')).toContain('by Leevale AC');
  });

  it('add nothing for what the public may not see', async () => {
    const club = await createClub(t.runtime.db);
    const hidden = await createCompetition(t.runtime.db, club.uic, { visible: false });
    const event = await createEvent(t.runtime.db, hidden.uic, { eventName: 'Secret Trial' });
    const page = await html(`/event/${event.id}`);
    // To the public the event does not exist: the not-found page (tests/integration/notFoundPages.test.ts).
    expect(page.status).toBe(404);
    expect(page.text).not.toContain('Secret Trial');
    expect(og(page.text, 'title')).toBeUndefined();
  });
});
