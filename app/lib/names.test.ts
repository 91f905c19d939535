import { expect, test } from 'vitest'
import { fullName, initials } from './names.ts'

test('full names skip what is missing; initials make a monogram', () => {
	expect(fullName({ firstName: 'Pat', lastName: 'Phone' })).toBe('Pat Phone')
	expect(fullName({ firstName: null, lastName: 'Phone' })).toBe('Phone')
	expect(fullName({ firstName: null, lastName: null })).toBe('')
	expect(initials('Green Acres Lawn Care')).toBe('GA')
	expect(initials('  yardstick ')).toBe('Y')
	expect(initials('')).toBe('Y')
})
