// Address rules of spec 1 §5. Pure.

/** Lower-cased with everything but letters and digits removed. */
export const normalizeAddress = (address: string | null | undefined) => (address ?? '').toLowerCase().replace(/[^a-z0-9]/g, '')

/** Equal, or one contains the other, once normalized. */
export function addressesMatch(a: string | null | undefined, b: string | null | undefined): boolean {
	const x = normalizeAddress(a)
	const y = normalizeAddress(b)
	if (!x || !y) return false
	return x === y || x.includes(y) || y.includes(x)
}

/** The first comma-separated part: "12 Oak St, Austin, TX" → "12 Oak St". */
export const firstAddressPart = (address: string | null | undefined) => (address ?? '').split(',')[0]!.trim()

/**
 * '{first part} #n' with n the first number not yet used at that address;
 * 'Unknown Location' stands in for a missing address.
 */
export function nextDefaultLabel(address: string | null | undefined, existingLabels: readonly (string | null)[]): string {
	const base = firstAddressPart(address) || 'Unknown Location'
	const used = new Set<number>()
	const pattern = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} #(\\d+)$`)
	for (const label of existingLabels) {
		const match = label ? pattern.exec(label) : null
		if (match) used.add(Number(match[1]))
	}
	let n = 1
	while (used.has(n)) n++
	return `${base} #${n}`
}
