import type { Mail } from './mail.ts';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

const HOUR = 60 * 60 * 1000;

/**
 * One layout for every e-mail: a heading, paragraphs, and, when the e-mail carries a link,
 * one button with the link spelt out. A link that stops working (`validForMs`) makes the
 * e-mail expire with it: one the relay could not take in time is dropped, not sent late.
 */
function layoutMail(input: {
  to: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; link: string; validForMs: number };
  footer: string;
}): Mail {
  const { action } = input;
  const text = [
    input.heading,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.link}`, ''] : []),
    input.footer,
    '',
    '— Rith',
  ].join('\n');
  const link = action ? escapeHtml(action.link) : '';
  const button = action
    ? `<p style="margin:24px 0"><a href="${link}" style="background:#0b5cad;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#4a5665">If the button does not work, open this link: <a href="${link}">${link}</a></p>
`
    : '';
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1d2733">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(input.heading)}</h1>
${input.paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${button}<p style="font-size:13px;color:#4a5665">${escapeHtml(input.footer)}</p>
<p style="font-size:13px;color:#4a5665">— Rith</p>
</div></body></html>`;
  return {
    to: input.to,
    subject: input.subject,
    text,
    html,
    ...(action ? { link: action.link, expiresAt: new Date(Date.now() + action.validForMs) } : {}),
  };
}

export function passwordResetMail(to: string, link: string): Mail {
  return layoutMail({
    to,
    subject: 'Reset your Rith password',
    heading: 'Reset your password',
    paragraphs: [
      'Someone asked to reset the password of the Rith account for this e-mail address.',
      'The link works once and expires in one hour.',
    ],
    action: { label: 'Set a new password', link, validForMs: HOUR },
    footer: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  });
}

export function verificationMail(to: string, link: string, what: string): Mail {
  return layoutMail({
    to,
    subject: 'Confirm your e-mail for Rith',
    heading: 'Confirm your e-mail',
    paragraphs: [
      `Someone used this address to register ${what} on Rith.`,
      'Open the link to confirm the address and carry on with the registration. It works once and expires in 24 hours.',
    ],
    action: { label: 'Confirm my e-mail', link, validForMs: 24 * HOUR },
    footer: 'If this was not you, ignore this e-mail: nothing is registered without it.',
  });
}

/** The confirmation the done screen promises an athlete ("You will receive a confirmation email soon"). */
export function athleteRegisteredMail(
  to: string,
  entry: { name: string | null; competition: string; club: string; date: string | null },
): Mail {
  const when = entry.date
    ? ` on ${new Date(`${entry.date}T12:00:00Z`).toLocaleDateString('en-IE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`
    : '';
  return layoutMail({
    to,
    subject: `Registration complete: ${entry.competition}`,
    heading: 'Registration Complete!',
    paragraphs: [
      `${entry.name ? `Hello ${entry.name}, thank` : 'Thank'} you for registering for ${entry.competition}${when}, organised by ${entry.club}.`,
      'Your details have been passed to the organisers. Start lists and results will appear on Rith as the competition happens.',
    ],
    footer:
      'If you did not register, contact the organising club: nothing else is needed from you.',
  });
}

/** The confirmation the done screen promises a club that signed up. */
export function clubRegisteredMail(to: string, club: { name: string; plan: string }): Mail {
  return layoutMail({
    to,
    subject: `Registration complete: ${club.name} on Rith`,
    heading: 'Registration Complete!',
    paragraphs: [
      `Thank you for registering ${club.name} on the ${club.plan} plan.`,
      'You can log in now with this e-mail address and the password you chose, and publish your first competition from the admin console.',
    ],
    footer:
      'If you did not register this club, tell us through the contact address on the Rith site and we will remove it.',
  });
}

/** The link a registered athlete asked for: it hides (or shows again) their page. */
export function athletePageMail(to: string, name: string, link: string, validForMs: number): Mail {
  return layoutMail({
    to,
    subject: 'Your athlete page on Rith',
    heading: `${name}'s page`,
    paragraphs: [
      `Someone asked to hide the Rith page of ${name}, who registered for a competition with this e-mail address.`,
      'Open the link to hide the page, or to show it again later. It works for seven days.',
    ],
    action: { label: 'Hide or show my page', link, validForMs },
    footer: 'If you did not ask for this, ignore this e-mail: the page stays as it is.',
  });
}
