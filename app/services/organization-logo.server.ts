// The organization's logo (issue 19: the share page /p/{token} and the quote
// widget show "the organization's name and logo"). Account admins of the
// organization (and site admins) upload or remove it in /settings →
// Organization; members 403. Like the profile photo the bytes are checked by
// decoding them (never the file name or declared type), at most 5 MB; unlike
// the photo the logo is re-encoded: scaled to fit inside 400×160 keeping its
// aspect ratio (never enlarged, never cropped) and stored as a PNG, which keeps
// transparency. The stored file's name is ours (32 hex characters).
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { prisma } from '~/db.server.ts'
import { getStorage } from '~/integrations/storage.server.ts'
import { LOGO_HINT, MAX_PHOTO_BYTES } from '~/lib/schemas/settings.ts'
import { HttpError, badRequest } from '~/utils/http.server.ts'
import { requireManageable } from './organization-settings.server.ts'
import type { UploadField } from './profile.server.ts'

export const LOGO_TOO_LARGE = `The logo is too large. ${LOGO_HINT}`
export const LOGO_NOT_AN_IMAGE = `That file is not a supported image. ${LOGO_HINT}`
export const LOGO_MISSING = `Choose a logo to upload. ${LOGO_HINT}`
/** The form field and its messages, for readMultipart. */
export const LOGO_FIELD: UploadField = { name: 'logo', tooLarge: LOGO_TOO_LARGE, missing: LOGO_MISSING }

export const LOGO_BOX = { width: 400, height: 160 } as const
const ACCEPTED = new Set(['jpeg', 'png', 'gif', 'webp'])
const LIMIT_PIXELS = 50_000_000

type Actor = { role: string; organizationId: string | null }

/** Checks and re-encodes the bytes; returns the stored PNG's URL. */
export async function storeLogo(bytes: Buffer): Promise<string> {
	if (bytes.length === 0) throw badRequest(LOGO_MISSING, { logo: LOGO_MISSING })
	if (bytes.length > MAX_PHOTO_BYTES) throw new HttpError(413, LOGO_TOO_LARGE, { logo: LOGO_TOO_LARGE })
	let png: Buffer | null = null
	try {
		const meta = await sharp(bytes, { limitInputPixels: LIMIT_PIXELS }).metadata()
		if (meta.format && ACCEPTED.has(meta.format)) {
			// decoding all the pixels proves it is an image, not just a magic number
			png = await sharp(bytes, { limitInputPixels: LIMIT_PIXELS })
				.rotate()
				.resize({ ...LOGO_BOX, fit: 'inside', withoutEnlargement: true })
				.png({ compressionLevel: 9 })
				.toBuffer()
		}
	} catch {
		png = null
	}
	if (!png) throw badRequest(LOGO_NOT_AN_IMAGE, { logo: LOGO_NOT_AN_IMAGE })
	const file = `${randomBytes(16).toString('hex')}.png`
	await getStorage().put(`logos/${file}`, png)
	return `/uploads/logos/${file}`
}

export async function uploadOrganizationLogo(user: Actor, organizationId: string, bytes: Buffer) {
	await requireManageable(user, organizationId)
	const logoUrl = await storeLogo(bytes)
	await prisma.organization.update({ where: { id: organizationId }, data: { logoUrl } })
	return { logoUrl }
}

/** The share page and the widget show the monogram again. (The file stays: storage has no delete; names are unguessable.) */
export async function removeOrganizationLogo(user: Actor, organizationId: string) {
	await requireManageable(user, organizationId)
	await prisma.organization.update({ where: { id: organizationId }, data: { logoUrl: null } })
	return { logoUrl: null }
}
