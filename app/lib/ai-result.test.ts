import { expect, test } from 'vitest'
import { insidePropertyWindow, isRoughOutline, meanConfidence, offsetMetres } from './ai-result.ts'

test('mean confidence is weighted by area and ignores areas without one', () => {
	expect(meanConfidence([])).toBeNull()
	expect(meanConfidence([{ area_sqft: 300, ai_confidence: 0.9 }, { area_sqft: 100, ai_confidence: 0.5 }])).toBe(0.8)
	expect(meanConfidence([{ area_sqft: 100, confidence: 0.66 }, { area_sqft: 50 }])).toBe(0.66)
})

test('the outline is rough on imagery that resolves nothing finer than 0.4 m or below 0.7 mean confidence', () => {
	expect(isRoughOutline(0.12, 0.9)).toBe(false)
	expect(isRoughOutline(0.4, 0.7)).toBe(false)
	expect(isRoughOutline(0.41, 0.95)).toBe(true)
	// 0.6 m NAIP, as read off zoom-20 tiles (app/grass/resolution.ts)
	expect(isRoughOutline(0.47, 0.95)).toBe(true)
	expect(isRoughOutline(1, null)).toBe(true)
	expect(isRoughOutline(0.3, 0.69)).toBe(true)
	expect(isRoughOutline(0.3, null)).toBe(false)
})

test('the property window: ±30 m east-west and north-south of the centre', () => {
	const c = { lat: 39.7392, lng: -104.9903 }
	const east = offsetMetres(c, { lat: c.lat, lng: c.lng + 0.0003 })
	// 0.0003° of longitude at 39.74° N ≈ 25.7 m
	expect(east.east).toBeCloseTo(25.67, 1)
	expect(east.south).toBe(0)
	expect(offsetMetres(c, { lat: c.lat - 0.0002, lng: c.lng }).south).toBeCloseTo(22.2, 0)
	expect(insidePropertyWindow(c, { lat: c.lat + 0.00026, lng: c.lng - 0.00034 })).toBe(true)
	expect(insidePropertyWindow(c, { lat: c.lat, lng: c.lng + 0.00036 })).toBe(false)
	expect(insidePropertyWindow(c, { lat: c.lat + 0.00036, lng: c.lng })).toBe(false)
})
