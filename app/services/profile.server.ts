// Profile, photo and communication preferences of the signed-in user (spec 2
// §2 Settings). The /settings action and the /api/user/* paths share these.
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import type { z } from 'zod'
import { prisma } from '~/db.server.ts'
import { getStorage } from '~/integrations/storage.server.ts'
import { MAX_PHOTO_BYTES, PHOTO_HINT, type CommunicationPreferencesSchema, type ProfileSchema } from '~/lib/schemas/settings.ts'
import { HttpError, badRequest } from '~/utils/http.server.ts'

export const PHOTO_TOO_LARGE = `The photo is too large. ${PHOTO_HINT}`
export const PHOTO_NOT_AN_IMAGE = `That file is not a supported image. ${PHOTO_HINT}`
export const PHOTO_MISSING = `Choose a photo to upload. ${PHOTO_HINT}`

/** What an upload of each format is stored as: photos stay JPEG, everything else (PNG, a GIF's first frame) becomes PNG. */
const STORED_AS = { jpeg: 'jpg', png: 'png', gif: 'png' } as const
/** Served by the file's extension; `gif` for photos stored before they were re-encoded. */
export const AVATAR_CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' }
/** The largest side of a stored photo: it is shown at 40–128 px. */
export const AVATAR_BOX = 512
const LIMIT_PIXELS = 50_000_000

/**
 * Checks the bytes (never the file name or the declared type) with sharp and
 * stores a JPEG, PNG or GIF of up to 5 MB, re-encoded as logos are (issue 33
 * §8): turned upright, at most 512 px a side, without its metadata (EXIF, GPS
 * included) or anything after the image's end. Returns its URL.
 */
export async function storeAvatar(bytes: Buffer): Promise<string> {
	if (bytes.length === 0) throw badRequest(PHOTO_MISSING, { photo: PHOTO_MISSING })
	if (bytes.length > MAX_PHOTO_BYTES) throw new HttpError(413, PHOTO_TOO_LARGE, { photo: PHOTO_TOO_LARGE })
	let stored: { ext: string; bytes: Buffer } | null = null
	try {
		const { format } = await sharp(bytes, { limitInputPixels: LIMIT_PIXELS }).metadata()
		const ext = format && format in STORED_AS ? STORED_AS[format as keyof typeof STORED_AS] : null
		if (ext) {
			// decoding every pixel proves it is an image, not just a magic number; sharp writes no metadata unless asked
			const image = sharp(bytes, { limitInputPixels: LIMIT_PIXELS }).rotate().resize({ width: AVATAR_BOX, height: AVATAR_BOX, fit: 'inside', withoutEnlargement: true })
			stored = { ext, bytes: await (ext === 'jpg' ? image.jpeg({ quality: 85 }) : image.png({ compressionLevel: 9 })).toBuffer() }
		}
	} catch {
		stored = null
	}
	if (!stored) throw badRequest(PHOTO_NOT_AN_IMAGE, { photo: PHOTO_NOT_AN_IMAGE })
	const file = `${randomBytes(16).toString('hex')}.${stored.ext}`
	await getStorage().put(`avatars/${file}`, stored.bytes)
	return `/uploads/avatars/${file}`
}

/** Stores the photo and makes it the user's profile image. */
export async function uploadProfilePhoto(userId: string, bytes: Buffer) {
	const profileImageUrl = await storeAvatar(bytes)
	await prisma.user.update({ where: { id: userId }, data: { profileImageUrl } })
	return { profileImageUrl }
}

export async function updateProfile(userId: string, input: z.output<typeof ProfileSchema>) {
	return prisma.user.update({
		where: { id: userId },
		data: { firstName: input.firstName, lastName: input.lastName, profileImageUrl: input.profileImageUrl },
		select: { id: true, firstName: true, lastName: true, email: true, profileImageUrl: true },
	})
}

export async function updateCommunicationPreferences(userId: string, input: z.output<typeof CommunicationPreferencesSchema>) {
	return prisma.user.update({
		where: { id: userId },
		data: input,
		select: { marketingEmails: true, productUpdates: true, tipsTutorials: true },
	})
}

/** Which file field a multipart form carries and its messages (the profile photo unless told). */
export type UploadField = { name: string; tooLarge: string; missing: string }
const PHOTO_FIELD: UploadField = { name: 'photo', tooLarge: PHOTO_TOO_LARGE, missing: PHOTO_MISSING }

/** Reads a multipart body of at most `maxBytes` (+ form overhead) without trusting Content-Length. */
export async function readMultipart(request: Request, maxBytes = MAX_PHOTO_BYTES, field: UploadField = PHOTO_FIELD): Promise<FormData> {
	const limit = maxBytes + 64 * 1024
	const tooLarge = () => new HttpError(413, field.tooLarge, { [field.name]: field.tooLarge }, { Connection: 'close' })
	if (Number(request.headers.get('content-length') ?? '0') > limit * 4) throw tooLarge()
	const type = request.headers.get('content-type') ?? ''
	if (!type.startsWith('multipart/form-data')) throw badRequest(field.missing, { [field.name]: field.missing })
	const chunks: Uint8Array[] = []
	let total = 0
	if (request.body) {
		const reader = request.body.getReader()
		for (;;) {
			const { done, value } = await reader.read()
			if (done) break
			total += value.byteLength
			if (total > limit) {
				// read (and drop) a moderate overshoot so the browser gets the answer,
				// not a reset connection; beyond that stop reading and close
				if (total > limit * 4) {
					await reader.cancel().catch(() => {})
					throw tooLarge()
				}
				continue
			}
			chunks.push(value)
		}
	}
	if (total > limit) throw new HttpError(413, field.tooLarge, { [field.name]: field.tooLarge })
	try {
		return await new Response(Buffer.concat(chunks), { headers: { 'content-type': type } }).formData()
	} catch {
		throw badRequest('Malformed form body')
	}
}

/** The bytes of the `photo` (or another) file field, or empty when none was chosen. */
export async function photoBytes(form: FormData, name = 'photo'): Promise<Buffer> {
	const file = form.get(name)
	if (!file || typeof file === 'string') return Buffer.alloc(0)
	return Buffer.from(await file.arrayBuffer())
}
