import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/connect.ts';
import type { Logger } from '../runtime.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail exists to deliver; printed to the log when there is no SMTP relay. */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

async function record(db: Db, mail: Mail): Promise<number> {
  const row = await db
    .insertInto('outboxEmails')
    .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Without SMTP every e-mail stays in the outbox table (readable at /dev/mail outside
 * production) and its link goes to the log, so a developer can follow it.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  async send(mail: Mail): Promise<void> {
    await record(this.db, mail);
    this.log.info(
      { to: mail.to, subject: mail.subject, link: mail.link },
      `e-mail to ${mail.to} kept in the outbox: ${mail.subject}${mail.link ? ` ${mail.link}` : ''}`,
    );
  }

  close(): void {}
}

/**
 * SMTP through nodemailer. The mail is written to the outbox first, so one the relay refuses
 * is not lost; sent_at records delivery.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    private readonly db: Db,
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    const id = await record(this.db, mail);
    await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    // Delivered: the body may hold a live reset or sign-up link, so it is not kept.
    const dropped = '(delivered by SMTP; the body is not kept)';
    await this.db
      .updateTable('outboxEmails')
      .set({ sentAt: new Date(), textBody: dropped, htmlBody: dropped })
      .where('id', '=', id)
      .execute();
  }

  close(): void {
    this.transport.close();
  }
}
