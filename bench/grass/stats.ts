// Figures the grass benches share.

/** The nearest-rank quantile `q` (0–1) of `values`. */
export const quantile = (values: number[], q: number) => {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
}
