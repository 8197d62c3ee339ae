import type { Mail } from './mailer.ts';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** One layout for every e-mail: a heading, paragraphs, one button, the link spelt out. */
function actionMail(input: {
  to: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  action: string;
  link: string;
  footer: string;
}): Mail {
  const text = [
    input.heading,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    `${input.action}: ${input.link}`,
    '',
    input.footer,
    '',
    '— Rith',
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1d2733">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(input.heading)}</h1>
${input.paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${link}" style="background:#0b5cad;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(input.action)}</a></p>
<p style="font-size:13px;color:#4a5665">If the button does not work, open this link: <a href="${link}">${link}</a></p>
<p style="font-size:13px;color:#4a5665">${escapeHtml(input.footer)}</p>
<p style="font-size:13px;color:#4a5665">— Rith</p>
</div></body></html>`;
  return { to: input.to, subject: input.subject, text, html, link: input.link };
}

export function passwordResetMail(to: string, link: string): Mail {
  return actionMail({
    to,
    subject: 'Reset your Rith password',
    heading: 'Reset your password',
    paragraphs: [
      'Someone asked to reset the password of the Rith account for this e-mail address.',
      'The link works once and expires in one hour.',
    ],
    action: 'Set a new password',
    link,
    footer: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  });
}

export function verificationMail(to: string, link: string, what: string): Mail {
  return actionMail({
    to,
    subject: 'Confirm your e-mail for Rith',
    heading: 'Confirm your e-mail',
    paragraphs: [
      `Someone used this address to register ${what} on Rith.`,
      'Open the link to confirm the address and carry on with the registration. It works once and expires in 24 hours.',
    ],
    action: 'Confirm my e-mail',
    link,
    footer: 'If this was not you, ignore this e-mail: nothing is registered without it.',
  });
}
