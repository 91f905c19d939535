// Profile photos are re-encoded like logos (issue 33 item 8): what a user uploads is
// served without its metadata or anything hidden after the image, at a bounded size.
import sharp from 'sharp'
import { expect, test } from '../support/fixtures.ts'

test('a profile photo is re-encoded like a logo: no metadata, nothing after the image, at most 512 px a side', async ({ makeUser, apiAs, request }) => {
	const user = await makeUser()
	const api = await apiAs(user)
	const photo = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: { r: 30, g: 140, b: 40 } } })
		.jpeg()
		.withExif({ IFD0: { ImageDescription: 'Backyard at 34.0522 N 118.2437 W', Artist: 'Rosa Green' } })
		.toBuffer()
	expect((await sharp(photo).metadata()).exif).toBeDefined()
	const upload = Buffer.concat([photo, Buffer.from('TRAILING-SECRET-BYTES')])
	const res = await api.post('/api/user/profile-photo', { multipart: { photo: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: upload } } })
	expect(res.status()).toBe(200)
	const { profileImageUrl } = (await res.json()) as { profileImageUrl: string }
	expect(profileImageUrl).toMatch(/\.jpg$/)
	const served = await (await request.get(profileImageUrl)).body()
	const meta = await sharp(served).metadata()
	expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 256 })
	expect(meta.exif).toBeUndefined()
	expect(served.includes('Backyard')).toBe(false)
	expect(served.includes('Rosa Green')).toBe(false)
	expect(served.includes('TRAILING-SECRET')).toBe(false)

	// a GIF is stored as a PNG of its first frame
	const gif = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 200, g: 0, b: 0 } } }).gif().toBuffer()
	const asGif = await api.post('/api/user/profile-photo', { multipart: { photo: { name: 'me.gif', mimeType: 'image/gif', buffer: Buffer.concat([gif, Buffer.from('<script>x</script>')]) } } })
	expect(asGif.status()).toBe(200)
	const gifUrl = ((await asGif.json()) as { profileImageUrl: string }).profileImageUrl
	expect(gifUrl).toMatch(/\.png$/)
	const servedGif = await request.get(gifUrl)
	expect(servedGif.headers()['content-type']).toBe('image/png')
	expect((await servedGif.body()).includes('<script>')).toBe(false)
})
