import { Form, Link } from 'react-router'
import type { Route } from './+types/news-updates'
import { PageLinks } from '~/components/pagination.tsx'
import { Button, ButtonLink } from '~/components/ui/button.tsx'
import { inputClass } from '~/components/ui/field.tsx'
import { BlogListQuerySchema, pageWindow, PUBLIC_BLOG_PAGE_SIZE } from '~/lib/schemas/blog.ts'
import { listPublishedPosts } from '~/services/blog.server.ts'
import { longDate } from '~/lib/dates.ts'

export const meta: Route.MetaFunction = () => [
	{ title: 'News & Updates | Yardstick' },
	{ name: 'description', content: 'Product news, tips and updates from the Yardstick team.' },
	{ tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: 'Yardstick News & Updates', href: '/news-updates/rss.xml' },
]

export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const parsed = BlogListQuerySchema.safeParse({ page: url.searchParams.get('page') ?? undefined, search: url.searchParams.get('search') || undefined })
	const query = parsed.success ? parsed.data : { page: 1, limit: PUBLIC_BLOG_PAGE_SIZE, search: undefined }
	const { posts, total } = await listPublishedPosts({ ...query, limit: PUBLIC_BLOG_PAGE_SIZE })
	return { posts, total, page: query.page, search: query.search ?? '', pages: Math.ceil(total / PUBLIC_BLOG_PAGE_SIZE) }
}

export const formatPostDate = (iso: string) => longDate(`${iso.slice(0, 10)}T12:00:00Z`)

export default function NewsUpdates({ loaderData }: Route.ComponentProps) {
	const { posts, total, page, pages, search } = loaderData
	const href = (p: number) => `/news-updates?${new URLSearchParams({ ...(search ? { search } : {}), page: String(p) })}`
	return (
		<div className="mx-auto max-w-4xl px-4 py-12">
			<h1 className="text-3xl font-bold tracking-tight">News & Updates</h1>
			<p className="mt-2 text-gray-700 dark:text-gray-300">Product news, tips and updates from the Yardstick team.</p>
			{/* a GET form: a new search starts on page 1, with or without JavaScript */}
			<Form method="get" className="mt-8 flex gap-2" role="search">
				<label htmlFor="blog-search" className="sr-only">
					Search articles
				</label>
				<input id="blog-search" name="search" type="search" defaultValue={search} placeholder="Search articles..." className={inputClass} />
				<Button type="submit">Search</Button>
				{search ? (
					<ButtonLink to="/news-updates" variant="secondary">
						Clear
					</ButtonLink>
				) : null}
			</Form>

			{posts.length === 0 ? (
				<div className="mt-10 rounded-lg border border-dashed border-gray-300 p-10 text-center dark:border-gray-700">
					<p className="text-lg font-semibold">{search ? 'No articles found' : 'No articles yet'}</p>
					<p className="mt-1 text-gray-700 dark:text-gray-300">{search ? 'Try different search terms.' : 'Check back soon for news and updates.'}</p>
				</div>
			) : (
				<ul className="mt-8 space-y-6" aria-label="Articles">
					{posts.map((post) => (
						<li key={post.id}>
							<article className="rounded-lg border border-gray-200 p-6 dark:border-gray-800">
								<h2 className="text-xl font-semibold">
									<Link to={`/news-updates/${post.slug}`} className="hover:underline">
										{post.title}
									</Link>
								</h2>
								<p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
									<time dateTime={post.publishDate.slice(0, 10)}>{formatPostDate(post.publishDate)}</time>
								</p>
								<p className="mt-3 text-gray-800 dark:text-gray-200">{post.excerpt}</p>
								<Link to={`/news-updates/${post.slug}`} className="mt-3 inline-block font-medium text-brand-700 hover:underline dark:text-brand-500">
									Read More<span className="sr-only"> about {post.title}</span>
								</Link>
							</article>
						</li>
					))}
				</ul>
			)}

			{pages > 1 ? (
				<nav className="mt-10 flex flex-col items-center gap-3" aria-label="Pagination">
					<PageLinks page={page} pageCount={pages} items={pageWindow(page, pages)} hrefFor={href} size="px-3 py-1.5" className="items-center" />
					<p className="text-sm text-gray-700 dark:text-gray-300">
						Showing page {page} of {pages} ({total} total articles)
					</p>
				</nav>
			) : null}
		</div>
	)
}
