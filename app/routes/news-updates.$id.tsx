import { data, isRouteErrorResponse, Link } from 'react-router'
import type { Route } from './+types/news-updates.$id'
import { ButtonLink } from '~/components/ui/button.tsx'
import { appUrl } from '~/env.server.ts'
import { getPublishedPost } from '~/services/blog.server.ts'
import { HttpError } from '~/utils/http.server.ts'
import { formatPostDate } from './news-updates.tsx'

export async function loader({ params }: Route.LoaderArgs) {
	try {
		return { post: await getPublishedPost(params.id), url: `${appUrl()}/news-updates/${params.id}` }
	} catch (error) {
		if (error instanceof HttpError) throw data('Blog post not found', { status: 404 })
		throw error
	}
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => {
	if (!loaderData) return [{ title: 'Article Not Found | Yardstick' }]
	const { post, url } = loaderData
	return [
		{ title: `${post.title} | Yardstick` },
		{ name: 'description', content: post.excerpt },
		{ property: 'og:type', content: 'article' },
		{ property: 'og:title', content: post.title },
		{ property: 'og:description', content: post.excerpt },
		{ property: 'og:url', content: url },
		{ property: 'og:site_name', content: 'Yardstick' },
		{ property: 'article:published_time', content: post.publishDate },
		{ name: 'twitter:card', content: 'summary' },
		{ tagName: 'link', rel: 'canonical', href: url },
	]
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
	const { post } = loaderData
	return (
		<article className="mx-auto max-w-3xl px-4 py-12">
			<Link to="/news-updates" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-500">
				← Back to News & Updates
			</Link>
			<h1 className="mt-4 text-3xl font-bold tracking-tight">{post.title}</h1>
			<p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
				<time dateTime={post.publishDate.slice(0, 10)}>{formatPostDate(post.publishDate)}</time>
			</p>
			{/* plain text split into paragraphs at line breaks (spec 3) */}
			<div className="mt-8 space-y-4 text-lg leading-relaxed text-gray-800 dark:text-gray-200">
				{post.content
					.split(/\r?\n/)
					.filter((line) => line.trim())
					.map((line, i) => (
						<p key={i}>{line}</p>
					))}
			</div>
		</article>
	)
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const missing = isRouteErrorResponse(error) && error.status === 404
	return (
		<div className="mx-auto max-w-xl px-4 py-24 text-center">
			<h1 className="text-3xl font-bold">{missing ? 'Article Not Found' : 'Something went wrong'}</h1>
			<p className="mt-4 text-gray-700 dark:text-gray-300">{missing ? 'This article does not exist or is no longer published.' : 'Please try again.'}</p>
			{/* spec 3 names /plot-points as this link's target; the blog lives at /news-updates */}
			<ButtonLink to="/news-updates" className="mt-8">
				Back to News & Updates
			</ButtonLink>
		</div>
	)
}
