// Which page numbers a pager shows: all of them up to 7 pages, else the first,
// the last and the current page with its neighbours, gaps as 'gap'. Pure.
export type PageItem = number | 'gap'

export function pageItems(page: number, pageCount: number): PageItem[] {
	if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1)
	const shown = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount))
	const sorted = [...shown].sort((a, b) => a - b)
	const items: PageItem[] = []
	sorted.forEach((n, i) => {
		if (i > 0 && n - sorted[i - 1]! > 1) items.push('gap')
		items.push(n)
	})
	return items
}
