import type * as Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/connect.ts';
import type { RecoveryConfig } from '../config.ts';
import type { Logger } from '../infra/logger.ts';
import {
  claimMail,
  expireLinks,
  markKept,
  markRefused,
  markSent,
  queueMail,
  type MailRow,
} from './outbox.ts';
import type { Mail } from './mail.ts';
import { lazyPackage } from '../infra/lazyPackage.ts';

const nodemailer = lazyPackage<typeof Nodemailer>('nodemailer');

/** How an e-mail leaves: through the relay (sent), or to the log when there is none (kept). */
interface Transport {
  deliver(mail: MailRow): Promise<'sent' | 'kept'>;
  close(): void;
}

/** Without SMTP every e-mail stays in the outbox (/dev/mail outside production), its link logged. */
class LogTransport implements Transport {
  constructor(private readonly log: Logger) {}

  async deliver(mail: MailRow): Promise<'kept'> {
    // A warning: nobody receives it, so at the default level a developer still reads the link.
    this.log.warn(
      { to: mail.toAddress, subject: mail.subject, link: mail.link },
      `e-mail to ${mail.toAddress} kept in the outbox: ${mail.subject}${mail.link ? ` ${mail.link}` : ''}`,
    );
    return 'kept';
  }

  close(): void {}
}

class SmtpTransport implements Transport {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    leaseMs: number,
  ) {
    // Every wait ends well within the lease, so no other process takes the e-mail while
    // this one may still be handing it over.
    const timeout = Math.max(100, Math.floor(leaseMs / 3));
    this.transport = nodemailer().createTransport({
      url: smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
  }

  async deliver(mail: MailRow): Promise<'sent'> {
    await this.transport.sendMail({
      from: this.from,
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.textBody,
      html: mail.htmlBody,
    });
    return 'sent';
  }

  close(): void {
    this.transport.close();
  }
}

/**
 * Rith's e-mail: every e-mail is stored in the outbox before anything else
 * (server/mail/outbox.ts), then sent at once; one the relay refuses is sent again by the
 * sweep of any node or worker (deliverDue), with backoff, until it is sent, fails for good,
 * or its link expires.
 */
export class Mailer {
  private readonly transport: Transport;

  constructor(
    private readonly db: Db,
    private readonly policy: RecoveryConfig,
    private readonly log: Logger,
    smtp: { url: string; from: string } | null,
  ) {
    this.transport = smtp
      ? new SmtpTransport(smtp.url, smtp.from, policy.outboxLeaseMs)
      : new LogTransport(log);
  }

  /** Stores the e-mail (nothing is lost once this returns) and tries it without waiting. */
  async send(mail: Mail): Promise<void> {
    const id = await queueMail(this.db, mail);
    void claimMail(this.db, this.policy, id)
      .then((rows) => this.deliverRows(rows))
      .catch((err: unknown) => this.log.warn({ err }, 'e-mail: left to the sweep'));
  }

  /**
   * For e-mails queued inside a transaction that has just committed (queueMail with the
   * transaction): tried now rather than at the next sweep, without waiting.
   */
  sendQueued(): void {
    claimMail(this.db, this.policy)
      .then((rows) => this.deliverRows(rows))
      .catch((err: unknown) => this.log.warn({ err }, 'e-mail: left to the sweep'));
  }

  /** The sweep's part: drops expired links, then sends what is due. */
  async deliverDue(): Promise<void> {
    await expireLinks(this.db);
    await this.deliverRows(await claimMail(this.db, this.policy));
  }

  private async deliverRows(rows: MailRow[]): Promise<void> {
    for (const row of rows) {
      let outcome: 'sent' | 'kept';
      try {
        outcome = await this.transport.deliver(row);
      } catch (err) {
        const next = await markRefused(this.db, this.policy, row, String(err));
        this.log.warn({ err, id: row.id, attempts: row.attempts, next }, 'e-mail refused');
        continue;
      }
      await (outcome === 'sent' ? markSent(this.db, row.id) : markKept(this.db, row.id));
    }
  }

  close(): void {
    this.transport.close();
  }
}
