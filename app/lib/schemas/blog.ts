import { z } from 'zod'

export const PUBLIC_BLOG_PAGE_SIZE = 5
export const PAGINATION_WINDOW = 5

export const BlogListQuerySchema = z.object({
	page: z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be 1 or more').max(100_000).default(1),
	limit: z.coerce.number({ error: 'Limit must be a number' }).int().min(1, 'Limit must be 1 or more').max(50, 'Limit cannot exceed 50').default(PUBLIC_BLOG_PAGE_SIZE),
	search: z.string().trim().max(200, 'Search is too long').optional(),
})

/** Up to `size` page numbers around the current page (spec 3: sliding window of 5). */
export function pageWindow(page: number, pages: number, size = PAGINATION_WINDOW): number[] {
	if (pages <= 0) return []
	const start = Math.max(1, Math.min(page - Math.floor(size / 2), pages - size + 1))
	const end = Math.min(pages, start + size - 1)
	return Array.from({ length: end - start + 1 }, (_, i) => start + i)
}
