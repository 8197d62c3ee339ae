import type { Db } from '../../server/db/connect.ts';

/**
 * What `pattern`'s first group finds in the newest e-mail to the address, as the person
 * would copy it from the e-mail; e-mails go out after the answer, so this waits for it.
 */
export async function fromNewestMail(
  db: Db,
  email: string,
  pattern: RegExp,
  ms = 10_000,
): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const mail = await db
      .selectFrom('outboxEmails')
      .select('textBody')
      .where('toAddress', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const found = mail && pattern.exec(mail.textBody)?.[1];
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${email} matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
