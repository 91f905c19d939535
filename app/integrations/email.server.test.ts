import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { prisma } from '~/db.server.ts'
import { startMailReceiver } from '../../tests/support/mail-receiver.ts'
import { createMailer } from './email.server.ts'

let receiver: Awaited<ReturnType<typeof startMailReceiver>>
beforeAll(async () => {
	receiver = await startMailReceiver()
})
afterAll(async () => {
	await receiver.close()
})

test('the SMTP mailer delivers through a real SMTP server, attachments included', async () => {
	const to = `smtp-${randomBytes(4).toString('hex')}@example.com`
	await createMailer(receiver.url).send({
		to,
		subject: 'Hello from Yardstick',
		text: 'A link: http://localhost:3000/auth?token=abc',
		attachments: [{ filename: 'note.txt', content: Buffer.from('hi'), contentType: 'text/plain' }],
	})
	const mail = receiver.messages.find((m) => m.to.includes(to))
	expect(mail?.subject).toBe('Hello from Yardstick')
	expect(mail?.text).toContain('http://localhost:3000/auth?token=abc')
	expect(mail?.attachments).toEqual([{ filename: 'note.txt', contentType: 'text/plain', size: 2 }])
})

test('without SMTP the mail lands in the outbox table', async () => {
	const to = `outbox-${randomBytes(4).toString('hex')}@example.com`
	await createMailer(undefined).send({ to, subject: 'Stored', text: 'body' })
	const row = await prisma.emailOutbox.findFirst({ where: { to } })
	expect(row).toMatchObject({ subject: 'Stored', text: 'body' })
})

test('an unreachable SMTP server is an error, not a silent loss', async () => {
	await expect(createMailer('smtp://127.0.0.1:1').send({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toThrow()
})
