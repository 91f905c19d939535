// What an AI grass result promises, shared by the server, the API and the
// /measure screen (pure, isomorphic): the analysed property window, where a
// correction tap may go, and when an outline is too rough to quote unchecked.
import type { LatLng } from './geodesy.ts'

/** Half the side of the square around the property centre whose lawn is analysed and returned (metres). */
export const PROPERTY_HALF_SIDE_M = 30

/**
 * No AI lawn area smaller than this (square feet) is returned, unless the user
 * asked for it with a "Lawn here" tap: specks of green between tree crowns,
 * beside drives and in shade are not lawns a contractor quotes (issue 29 §5).
 */
export const MIN_FRAGMENT_SQFT = 50
export const MIN_FRAGMENT_M2 = MIN_FRAGMENT_SQFT * 0.09290304

/** Correction taps ("Lawn here" / "Not lawn") per kind and request. */
export const MAX_SEEDS_PER_KIND = 20

const EARTH_CIRCUMFERENCE = 40_075_016.685578488

/**
 * East and south offsets (metres on the ground, web-mercator pixels scaled at
 * the centre's latitude — the same measure as the imagery window's pixels) of
 * `p` from `center`.
 */
export function offsetMetres(center: LatLng, p: LatLng): { east: number; south: number } {
	const metresPerUnit = (EARTH_CIRCUMFERENCE * Math.cos((center.lat * Math.PI) / 180)) / (2 * Math.PI)
	const mercY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))
	return {
		east: (((p.lng - center.lng) * Math.PI) / 180) * metresPerUnit,
		south: (mercY(center.lat) - mercY(p.lat)) * metresPerUnit,
	}
}

/** True when `p` lies in the analysed property window around `center`. */
export function insidePropertyWindow(center: LatLng, p: LatLng): boolean {
	const { east, south } = offsetMetres(center, p)
	return Math.abs(east) <= PROPERTY_HALF_SIDE_M && Math.abs(south) <= PROPERTY_HALF_SIDE_M
}

/**
 * When the result says its outline is rough: imagery that resolves nothing
 * finer than 0.4 m on the ground (read off its pixels, app/grass/resolution.ts:
 * 0.6 m NAIP enlarged to zoom-20 tiles is; lawn edges, beds and paths narrower
 * than ~2 of its pixels vanish), or a mean confidence under 0.7 (the model is
 * unsure of a large share of the area). docs/decisions.md "What the imagery
 * resolves, read off its pixels".
 */
export const ROUGH_OUTLINE = { maxMetresPerPixel: 0.4, minConfidence: 0.7 }
export const ROUGH_OUTLINE_TEXT = 'Rough outline: check it against the imagery before quoting.'

/** Area-weighted mean of the areas' confidences (0–1, two decimals); null without areas. */
export function meanConfidence(areas: readonly { area_sqft: number; ai_confidence?: number; confidence?: number }[]): number | null {
	let weight = 0
	let sum = 0
	for (const a of areas) {
		const c = a.ai_confidence ?? a.confidence
		if (c === undefined || !(a.area_sqft > 0)) continue
		weight += a.area_sqft
		sum += a.area_sqft * c
	}
	return weight > 0 ? Math.round((sum / weight) * 100) / 100 : null
}

export function isRoughOutline(groundMetresPerPixel: number, confidence: number | null): boolean {
	return groundMetresPerPixel > ROUGH_OUTLINE.maxMetresPerPixel || (confidence !== null && confidence < ROUGH_OUTLINE.minConfidence)
}
