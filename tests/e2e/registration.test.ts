import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.ts';
import { fromNewestMail } from '../support/outbox.ts';
import {
  horizontalOverflow,
  sharedBrowser,
  screenshot,
  settledVisitorPage,
} from '../support/browser.ts';
import { packageId } from '../support/admin.ts';
import { createClub, createCompetition, unique } from '../support/factory.ts';

// Both registrations as people do them: the e-mail's link is followed from the outbox.

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

const newPage = (width: number): Promise<Page> => settledVisitorPage(browser, width);

/** The verification link of the newest e-mail to the address, as a path on this site. */
function verifyLink(email: string): Promise<string> {
  return fromNewestMail(t.runtime.db, email, /(\/verify\/[\w-]+)/);
}

async function signUp(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send verification link' }).click();
  await page
    .getByText(/check your e-?mail/i)
    .first()
    .waitFor();
}

async function followLink(page: Page, email: string) {
  await page.goto(t.url + (await verifyLink(email)));
  await page.getByText('Email validated! Redirecting...').waitFor();
  await page.waitForURL(/step=personal&validated=1&token=/);
}

for (const width of [360, 1280]) {
  describe(`at ${width} px`, () => {
    it('an athlete registers for a competition through the e-mailed link', async () => {
      const club = await createClub(t.runtime.db);
      const competition = await createCompetition(t.runtime.db, club.uic, {
        competitionName: 'Santry Spring Open',
        date: '2027-04-10',
      });
      const email = `${unique('athlete')}@example.ie`;
      const page = await newPage(width);
      await page.goto(`${t.url}/register/competition/${competition.uic}`);
      await page.getByText('Santry Spring Open').first().waitFor();
      await screenshot(page, `register-athlete-contact-${width}`);
      await signUp(page, email);
      await followLink(page, email);

      expect(await page.getByLabel('Email').inputValue()).toBe(email);
      expect(await page.getByLabel('Email').isEditable()).toBe(false);
      await page.getByLabel('First name').fill('Aoife');
      await page.getByLabel('Last name').fill('Murphy');
      await page.getByLabel('Date of birth').fill('2004-05-06');
      await page.getByLabel('Female').check();
      await page.getByLabel('Phone number').fill('12');
      await page.getByLabel('Address').fill('1 Main Street');
      await page.getByLabel('City').fill('Dublin');
      await page.getByLabel('State / county').fill('Dublin');
      await page.getByLabel('Zip / Eircode').fill('D09 X1Y2');
      await page.getByLabel('Emergency contact name').fill('Mary Murphy');
      await page.getByLabel('Emergency contact phone').fill('087 765 4321');
      await page.getByRole('button', { name: 'Complete registration' }).click();
      await page.getByText('Enter a valid phone number').waitFor();
      await page.getByLabel('Phone number').fill('087 123 4567');
      await screenshot(page, `register-athlete-personal-${width}`);
      await page.getByRole('button', { name: 'Complete registration' }).click();
      await page.getByText('Registration Complete!').waitFor();
      await page
        .getByText('Thank you for registering. You will receive a confirmation email soon.')
        .waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, `register-athlete-done-${width}`);

      const row = await t.runtime.db
        .selectFrom('registrations')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ competitionUic: competition.uic, gender: 'female' });
      await page.close();
    });

    it('a club signs up on the free plan and logs in to its own admin console', async () => {
      const email = `${unique('manager')}@club.ie`;
      const clubName = `Ráth Harriers ${unique('x').slice(-6)}`;
      const page = await newPage(width);
      await page.goto(`${t.url}/register/package/${await packageId(t.runtime.db, 'Recreational')}`);
      await page.getByText('Limited to 3 competitions').first().waitFor();
      await screenshot(page, `register-club-contact-${width}`);
      await signUp(page, email);
      await followLink(page, email);

      const submit = page.getByRole('button', { name: 'Register club' });
      await page.locator('input[type="password"]').fill('weak');
      expect(await submit.isDisabled()).toBe(true);
      await page.locator('input[type="password"]').fill('Club-start-line-1!');
      expect(await submit.isDisabled()).toBe(false);
      await page.getByLabel('Manager name').fill('Seán Walsh');
      await page.getByLabel('Club name').fill(clubName);
      await expect
        .poll(() => page.getByLabel('Club URL name').inputValue())
        .toMatch(/^rath-harriers-/);
      await page.getByLabel('Club address').fill('Quay Road');
      await page.getByLabel('City').fill('Ballina');
      await page.getByLabel('State / county').fill('Mayo');
      await page.getByLabel('Zip / Eircode').fill('F26 X2Y3');
      await page.getByLabel('Phone').fill('096 12345');
      await page.getByLabel('Other / Please Specify').check();
      await submit.click();
      await page.getByText('Please specify other hardware').waitFor();
      await page.getByLabel('Other hardware').fill('Hand timing with stopwatches');
      await screenshot(page, `register-club-form-${width}`);
      await submit.click();
      await page.getByText('Registration Complete!').waitFor();
      expect(await horizontalOverflow(page)).toBe(0);

      await page
        .getByRole('link', { name: /log ?in/i })
        .first()
        .click();
      await page.waitForURL(`${t.url}/login`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('Club-start-line-1!');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(`${t.url}/admin`);
      await page.getByText(clubName).first().waitFor();
      await page.getByText('Recreational').first().waitFor();
      await page.getByText('Competitions Used: 0 / 3').waitFor();
      await screenshot(page, `register-club-admin-${width}`);
      await page.close();
    });
  });
}
