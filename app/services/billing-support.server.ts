// Contact Billing Support (spec 2 §2, §5): subject, body and image attachments
// (checked by content with sharp, at most 10 MB each), e-mailed with the
// attachments to the billing inbox (BILLING_INBOX), reply-to the sender.
import sharp from 'sharp'
import { getEnv } from '~/env.server.ts'
import { sendEmail } from '~/integrations/email.server.ts'
import { BillingSupportSchema, SUPPORT_MAX_ATTACHMENT_BYTES, SUPPORT_MAX_ATTACHMENTS } from '~/lib/schemas/billing.ts'
import { badRequest, fieldErrorsFromZod, HttpError } from '~/utils/http.server.ts'
import { escapeHtml } from './account.server.ts'
import type { ClientUser } from './users.server.ts'
import { readLimited } from '~/utils/read-limited.server.ts'

export const ATTACHMENT_TOO_LARGE = 'Each attachment must be 10MB or smaller'
export const ATTACHMENT_NOT_IMAGE = 'Attachments must be images'
export const TOO_MANY_ATTACHMENTS = `Attach at most ${SUPPORT_MAX_ATTACHMENTS} images`

const IMAGE_TYPES: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', heif: 'image/heic', tiff: 'image/tiff' }

const tooLarge = () => new HttpError(413, ATTACHMENT_TOO_LARGE, { attachment: ATTACHMENT_TOO_LARGE }, { Connection: 'close' })

/** Reads the multipart body without trusting Content-Length; larger than all attachments allow → 413. */
export async function readSupportForm(request: Request): Promise<FormData> {
	const limit = SUPPORT_MAX_ATTACHMENTS * SUPPORT_MAX_ATTACHMENT_BYTES + 256 * 1024
	if (Number(request.headers.get('content-length') ?? '0') > limit) throw tooLarge()
	const type = request.headers.get('content-type') ?? ''
	if (!type.startsWith('multipart/form-data') && !type.startsWith('application/x-www-form-urlencoded')) throw badRequest('Expected a form body')
	const body = await readLimited(request.body, limit, tooLarge)
	try {
		return await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData()
	} catch {
		throw badRequest('Malformed form body')
	}
}

export async function sendBillingSupport(user: ClientUser, form: FormData) {
	const parsed = BillingSupportSchema.safeParse({ subject: form.get('subject') ?? undefined, body: form.get('body') ?? undefined, replyToEmail: form.get('replyToEmail') ?? undefined })
	if (!parsed.success) throw badRequest('Invalid input', fieldErrorsFromZod(parsed.error))
	const files = form.getAll('attachment').filter((f): f is File => typeof f !== 'string' && f.size > 0)
	if (files.length > SUPPORT_MAX_ATTACHMENTS) throw badRequest(TOO_MANY_ATTACHMENTS, { attachment: TOO_MANY_ATTACHMENTS })
	const attachments = []
	for (const file of files) {
		if (file.size > SUPPORT_MAX_ATTACHMENT_BYTES) throw tooLarge()
		const content = Buffer.from(await file.arrayBuffer())
		let format: string | undefined
		try {
			format = (await sharp(content, { limitInputPixels: 100_000_000 }).metadata()).format
		} catch {
			format = undefined
		}
		const contentType = format ? IMAGE_TYPES[format] : undefined
		if (!contentType) throw badRequest(ATTACHMENT_NOT_IMAGE, { attachment: ATTACHMENT_NOT_IMAGE })
		const filename = (file.name || 'image').replace(/[^\w.\- ]+/g, '_').slice(0, 100)
		attachments.push({ filename, content, contentType })
	}
	const { subject, body, replyToEmail } = parsed.data
	const from = `${[user.firstName, user.lastName].filter(Boolean).join(' ') || 'A customer'} <${user.email}>`
	const org = user.organization ? `${user.organization.name} (account ${user.organization.accountNumber})` : 'no organization'
	const text = `From: ${from}\nOrganization: ${org}\nReply to: ${replyToEmail ?? user.email}\n\n${body}\n`
	await sendEmail({
		to: getEnv().BILLING_INBOX,
		replyTo: replyToEmail ?? user.email,
		subject: `[Billing support] ${subject}`,
		text,
		html: `<p>From: ${escapeHtml(from)}<br>Organization: ${escapeHtml(org)}</p><p>${escapeHtml(body).replace(/\n/g, '<br>')}</p>`,
		attachments,
	})
	return { message: 'Message Sent', description: "Your message has been sent to our billing support team. We'll respond to your email shortly." }
}
