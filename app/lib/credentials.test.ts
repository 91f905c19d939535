import { expect, test } from 'vitest'
import { cookieValue, sessionCredential } from './credentials.ts'

test.each([
	['Bearer abc', 'abc'],
	['bearer abc', 'abc'],
	['BEARER  abc ', 'abc'],
	['Bearer\tabc', 'abc'],
	['Bearer\t\tabc', 'abc'],
	['Bearer', null],
	['Bearer ', null],
	['Bearer a b', null],
	[`Bearer ${'x'.repeat(201)}`, null],
])('Authorization %j is a Bearer credential (token %j), never the cookie', (authorization, token) => {
	expect(sessionCredential({ authorization, cookie: 'ys_session=signed' })).toEqual({ kind: 'bearer', token })
})

test.each([['Basic abc'], ['Bearerabc'], ['Token abc'], [''], [null]])('Authorization %j is not Bearer: the cookie is the credential', (authorization) => {
	expect(sessionCredential({ authorization, cookie: 'ys_session=signed' })).toEqual({ kind: 'cookie', raw: 'signed' })
})

test.each([
	['ys_session=v', 'v'],
	['ys_session =v', 'v'],
	[' ys_session= v ', 'v'],
	['a=1;ys_session=v', 'v'],
	['a=1; ys_session=v; b=2', 'v'],
	['ys_session="v"', 'v'],
	['ys_session=first; ys_session=second', 'first'],
	['ys_session=', null],
	['ys_sessionx=v', null],
	['xys_session=v', null],
	['ys_session', null],
	['', null],
])('Cookie %j carries the session value %j', (cookie, value) => {
	expect(cookieValue(cookie, 'ys_session')).toBe(value)
	expect(sessionCredential({ cookie })).toEqual(value === null ? null : { kind: 'cookie', raw: value })
})
