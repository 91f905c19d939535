import { expect, test } from 'vitest'
import { bodyLimit, pageBodyKind, MAX_FORM_BYTES, MAX_MEASUREMENT_BYTES, MAX_PHOTO_UPLOAD_BYTES, MAX_SUPPORT_UPLOAD_BYTES } from './body-limits.ts'

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
	['/settings.data', MAX_PHOTO_UPLOAD_BYTES],
	['/billing.data', MAX_SUPPORT_UPLOAD_BYTES],
	['/measure.data', MAX_MEASUREMENT_BYTES],
	['/_root.data', MAX_FORM_BYTES],
	['/api/user/profile-photo', MAX_PHOTO_UPLOAD_BYTES],
	['/billing', MAX_SUPPORT_UPLOAD_BYTES],
	['/api/contact-billing-support', MAX_SUPPORT_UPLOAD_BYTES],
])('%s takes bodies of at most %i bytes', (path, bytes) => {
	expect(bodyLimit(path).bytes).toBe(bytes)
})

test('page actions take forms, and JSON only where the page does', () => {
	expect(pageBodyKind('/contact', 'application/x-www-form-urlencoded; charset=UTF-8')).toBe('form')
	expect(pageBodyKind('/contact.data', 'multipart/form-data; boundary=x')).toBe('multipart')
	expect(pageBodyKind('/measure.data', 'application/json')).toBe('json')
	expect(pageBodyKind('/contact', 'application/json')).toBeNull()
	expect(pageBodyKind('/p/token', 'text/plain')).toBeNull()
	expect(pageBodyKind('/auth', undefined)).toBeNull()
})
