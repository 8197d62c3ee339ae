/** One e-mail as Rith writes it (server/mail/templates.ts), stores it and sends it. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail exists to deliver; printed to the log when there is no SMTP relay. */
  link?: string;
  /** When the link stops working: the e-mail is dropped if it could not be sent by then. */
  expiresAt?: Date;
}
