// A real SMTP server for tests (smtp-server + mailparser): the app sends through
// SMTP_URL exactly as in production; tests read what arrived.
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = {
	from: string
	to: string[]
	subject: string
	text: string
	html: string
	attachments: { filename: string; contentType: string; size: number }[]
	receivedAt: string
}

export async function startMailReceiver(port = 0) {
	const messages: ReceivedMail[] = []
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		logger: false,
		onData(stream, session, callback) {
			simpleParser(stream)
				.then((mail) => {
					messages.push({
						from: mail.from?.text ?? '',
						to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
						subject: mail.subject ?? '',
						text: mail.text ?? '',
						html: typeof mail.html === 'string' ? mail.html : '',
						attachments: mail.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, size: a.size })),
						receivedAt: new Date().toISOString(),
					})
					callback()
				})
				.catch(callback)
		},
	})
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
	const address = server.server.address()
	const actualPort = typeof address === 'object' && address ? address.port : port
	return {
		port: actualPort,
		url: `smtp://127.0.0.1:${actualPort}`,
		messages,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}
