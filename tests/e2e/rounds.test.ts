import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.ts';
import {
  horizontalOverflow,
  screenshot,
  seriousViolations,
  settledVisitorPage,
  sharedBrowser,
  waitForUpdates,
} from '../support/browser.ts';
import { clubWithAdmin, loggedIn } from '../support/admin.ts';
import { createCompetition } from '../support/factory.ts';
import { meetFile, publicMeet } from '../support/meets.ts';
import { accepted, sendUpload, settled } from '../support/uploads.ts';

// Who is through, in a real browser (issue 30): the referee sets a round's rule in the
// console; a spectator's heat page shows Q and q beside the marks, "provisionally through"
// while heats remain, and takes the last heats' results live: a q lost to a faster heat goes,
// the list turns final, and the final's page shows Rith's drawn line-up. A real FinishLynx
// meet (tests/fixtures/meets/college-indoor), its final listed before its line-up is known.

let t: TestApp;
let browser: Browser;
beforeAll(async () => {
  t = await startTestApp({ serveClient: true });
  browser = await sharedBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const MEET = 'college-indoor';
const heatFile = (name: string) => ({ name, bytes: meetFile(MEET, name) });

function evtBeforeFinal(): Uint8Array {
  let inFinal = false;
  const lines = Buffer.from(meetFile(MEET, 'lynx.evt'))
    .toString('latin1')
    .split('\r\n')
    .filter((line) => {
      if (/^\d/.test(line)) {
        inFinal = line.startsWith('1,2,1,');
        return true;
      }
      return !inFinal;
    });
  return new Uint8Array(Buffer.from(lines.join('\r\n'), 'latin1'));
}

describe('qualification', () => {
  it('the referee sets the rule; a spectator sees Q/q, then the final q and line-up, live', async () => {
    const { club, admin } = await clubWithAdmin(t.runtime.db);
    const client = await loggedIn(t.url, admin.email);
    const { uic } = await createCompetition(t.runtime.db, club.uic, { liveNow: true });
    const upload = async (files: { name: string; bytes: Uint8Array }[]) => {
      const path = `/api/admin/competitions/${uic}/upload-lynx`;
      const { uploadId } = await accepted(
        await sendUpload(client, path, files, { field: 'files' }),
      );
      await settled(client, uploadId, 60_000);
    };
    await upload([{ name: 'lynx.evt', bytes: evtBeforeFinal() }]);
    await upload([heatFile('001-1-01.lif'), heatFile('001-1-02.lif')]);
    const sixty = (await publicMeet(t.url, uic)).filter(
      (e) => e.eventName === 'Women 60 Meter Dash',
    );
    const heat1 = sixty.find((e) => e.round === 'heats' && e.heat === 1)!;
    const final = sixty.find((e) => e.round === 'finals')!;

    // The referee, in the console: the rule of the round, on the heat's dialog.
    const console = await settledVisitorPage(browser, 1280);
    await console.goto(`${t.url}/login`);
    await console.getByLabel('Email').fill(admin.email);
    await console.getByLabel('Password').fill(admin.password);
    await console.getByRole('button', { name: 'Log in' }).click();
    await console.waitForURL(`${t.url}/admin`);
    await console.goto(`${t.url}/admin?event=${heat1.id}`);
    const dialog = console.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Qualification' }).waitFor();
    await dialog.getByLabel('First by place in each heat (Q)').fill('1');
    await dialog.getByLabel('Then the fastest (q)').fill('4');
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await dialog.getByText('Saved: First 1 of each heat (Q) and the next 4 fastest (q).').waitFor();
    await dialog.getByText('2 of 4 heats in; 6 through to the final so far').waitFor();
    await screenshot(console, 'rounds-console-1280');

    // A spectator's phone on heat 1: Q certain, q provisional.
    const phone = await settledVisitorPage(browser, 360);
    await phone.goto(`${t.url}/event/${heat1.id}`);
    const panel = phone.getByRole('region', { name: 'Through to the final' });
    await panel.getByText('2 of 4 heats in').waitFor();
    const row = (name: string) =>
      phone.getByRole('region', { name: 'Results' }).locator('tr', { hasText: name });
    await expect.poll(() => row('Samantha Sharrow').textContent()).toContain('Qualified by place');
    await expect
      .poll(() => row('Claudia Chong').textContent())
      .toContain('Provisionally qualified on time');
    expect(await horizontalOverflow(phone)).toBe(0);
    expect(await seriousViolations(phone)).toEqual([]);
    await screenshot(phone, 'rounds-heat-provisional-360');

    // The last heats land: pushed, no reload. Chong's 7.981 is no longer among the 4 fastest.
    await waitForUpdates(phone);
    await upload([heatFile('001-1-03.lif'), heatFile('001-1-04.lif')]);
    await panel.getByText('All 4 heats are in.').waitFor();
    await expect.poll(() => row('Claudia Chong').textContent()).not.toContain('qualified');
    expect(await row('Jocelyn Smith').textContent()).toContain('Qualified on time');
    expect(await panel.getByRole('listitem').count()).toBe(8);
    await screenshot(phone, 'rounds-heat-final-360');

    // The final: Rith's line-up, labelled provisional, ranks 1-4 in lanes 3-6.
    await phone.goto(`${t.url}/event/${final.id}`);
    const startList = phone.getByRole('region', { name: 'Start List' });
    await phone.getByText('Drawn by Rith from the last round').waitFor();
    expect(await startList.locator('tbody tr').count()).toBe(8);
    const lane = async (name: string) =>
      Number(await startList.locator('tr', { hasText: name }).locator('td').first().textContent());
    const winners = ['Samantha Sharrow', 'Aynisha McQuillar', 'Shaesha Johnson', 'Kendall Sobczyk'];
    expect((await Promise.all(winners.map(lane))).sort()).toEqual([3, 4, 5, 6]);
    await screenshot(phone, 'rounds-final-lineup-360');

    // The referee swaps two lanes in the console; the phone takes it, no longer provisional.
    const [sharrow, mcquillar] = [await lane('Samantha Sharrow'), await lane('Aynisha McQuillar')];
    await waitForUpdates(phone);
    await console.goto(`${t.url}/admin?event=${final.id}`);
    await dialog.getByRole('heading', { name: 'Drawn line-up' }).waitFor();
    await dialog.getByLabel('Lane of Samantha Sharrow').fill(String(mcquillar));
    await dialog.getByLabel('Lane of Aynisha McQuillar').fill(String(sharrow));
    await dialog.getByRole('button', { name: 'Save line-up' }).click();
    await dialog.getByText('Saved: the line-up is yours now.').waitFor();
    await expect.poll(() => lane('Samantha Sharrow')).toBe(mcquillar);
    expect(await phone.getByText('Drawn by Rith from the last round').count()).toBe(0);
    await console.close();
    await phone.close();
  });
});
