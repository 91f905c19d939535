import { expect, test } from 'vitest'
import { bodyLimit, MAX_FORM_BYTES, MAX_MEASUREMENT_BYTES, MAX_PHOTO_UPLOAD_BYTES, MAX_SUPPORT_UPLOAD_BYTES } from './body-limits.ts'

test.each([
	['/p/abc', MAX_FORM_BYTES],
	['/embed/quote/key', MAX_FORM_BYTES],
	['/contact', MAX_FORM_BYTES],
	['/auth', MAX_FORM_BYTES],
	['/theme', MAX_FORM_BYTES],
	['/api/auth/login', MAX_FORM_BYTES],
	['/api/measurements', MAX_MEASUREMENT_BYTES],
	['/api/measurements/123', MAX_MEASUREMENT_BYTES],
	['/settings', MAX_PHOTO_UPLOAD_BYTES],
	['/api/user/profile-photo', MAX_PHOTO_UPLOAD_BYTES],
	['/billing', MAX_SUPPORT_UPLOAD_BYTES],
	['/api/contact-billing-support', MAX_SUPPORT_UPLOAD_BYTES],
])('%s takes bodies of at most %i bytes', (path, bytes) => {
	expect(bodyLimit(path).bytes).toBe(bytes)
})
