// E-mail behind one small interface: SMTP via nodemailer when SMTP_URL is set,
// otherwise the local outbox table (decisions page: "embedded default").
import nodemailer from 'nodemailer'
import { prisma } from '~/db.server.ts'
import { getEnv } from '~/env.server.ts'

export type Email = {
	to: string
	subject: string
	text: string
	html?: string
	replyTo?: string
	attachments?: { filename: string; content: Buffer; contentType?: string }[]
}

export interface Mailer {
	send(email: Email): Promise<void>
}

class SmtpMailer implements Mailer {
	private transport
	constructor(url: string) {
		this.transport = nodemailer.createTransport(url)
	}
	async send(email: Email) {
		await this.transport.sendMail({ from: getEnv().MAIL_FROM, ...email })
	}
}

class OutboxMailer implements Mailer {
	async send(email: Email) {
		await prisma.emailOutbox.create({
			data: { to: email.to, from: getEnv().MAIL_FROM, subject: email.subject, text: email.text, html: email.html },
		})
	}
}

/** SMTP when a URL is given (smtp:// or smtps://), else the local outbox. */
export function createMailer(smtpUrl?: string): Mailer {
	return smtpUrl ? new SmtpMailer(smtpUrl) : new OutboxMailer()
}

let mailer: Mailer | undefined
export function getMailer(): Mailer {
	mailer ??= createMailer(getEnv().SMTP_URL)
	return mailer
}

export function sendEmail(email: Email) {
	return getMailer().send(email)
}
