import { expect, test } from 'vitest'
import { readPairs } from '../../bench/grass/real.ts'

// The committed labels split by town as issue 29 fixes it, and the real benchmark
// (`real`, `real-tune`, `real-train`) reads each split's crops and no other's.
const town = (name: string) => name.replace(/_2020_\d+$/, '')

test('the real benchmark reads test = Long Beach (≥ 60), tune = Claremont (≥ 30), train = Chico, Riverside, Eureka, Bishop; no crop in two splits', () => {
	const test_ = readPairs('test')
	const tune = readPairs('tune')
	const train = readPairs('train')
	const naip = (pairs: ReturnType<typeof readPairs>) => pairs.filter((p) => p.source === 'naip-ca')
	expect(new Set(naip(test_).map((p) => town(p.name)))).toEqual(new Set(['long_beach']))
	expect(new Set(tune.map((p) => town(p.name)))).toEqual(new Set(['claremont']))
	expect(new Set(train.map((p) => town(p.name)))).toEqual(new Set(['chico', 'riverside', 'eureka', 'bishop']))
	expect(naip(test_).length).toBeGreaterThanOrEqual(60)
	expect(tune.length).toBeGreaterThanOrEqual(30)
	expect(naip(test_).length + tune.length + train.length).toBeGreaterThanOrEqual(200)
	// the sets labelled by others are judged on with the test split only
	expect(new Set(test_.filter((p) => p.source !== 'naip-ca').map((p) => p.source))).toEqual(new Set(['flair2', 'houston-uav']))
	expect([...tune, ...train].every((p) => p.source === 'naip-ca')).toBe(true)
	const names = [...test_, ...tune, ...train].map((p) => p.name)
	expect(new Set(names).size).toBe(names.length)
})
