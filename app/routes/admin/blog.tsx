// Blog Posts (spec 3 §8): the posts, ten a page, create, edit and delete.
import { Form, Link } from 'react-router'
import { Badge } from '~/components/ui/badge.tsx'
import { Dialog } from '~/components/ui/dialog.tsx'
import { ErrorList, inputClass } from '~/components/ui/field.tsx'
import { SubmitRow } from '~/components/ui/submit-row.tsx'
import type { PublicPost } from '~/services/blog.server.ts'
import { Checkbox, ConfirmDialog, FormError, Hidden, RowLink, TextField, Toolbar, href, replyFor, type AdminActionData, type SectionProps } from './ui.tsx'

function PostForm({ post, reply, closeTo, page }: { post?: PublicPost; reply: AdminActionData | null; closeTo: string; page: number }) {
	const today = new Date().toISOString().slice(0, 10)
	const typedContent = reply?.values?.content
	const published = reply?.values ? reply.values.isPublished === 'on' : (post?.isPublished ?? false)
	return (
		<Form method="post" className="space-y-3">
			<Hidden intent={post ? 'post-update' : 'post-create'} id={post?.id} checkboxes={['isPublished']} />
			<input type="hidden" name="page" value={page} />
			<FormError reply={reply} />
			<TextField idPrefix="post" label="Title *" name="title" defaultValue={post?.title} reply={reply} />
			<TextField idPrefix="post" label="Excerpt *" name="excerpt" defaultValue={post?.excerpt} reply={reply} />
			<div className="space-y-1">
				<label htmlFor="post-content" className="block text-sm font-medium">
					Content *
				</label>
				<textarea
					id="post-content"
					name="content"
					rows={10}
					key={`content-${reply?.at ?? 0}`}
					defaultValue={typeof typedContent === 'string' ? typedContent : (post?.content ?? '')}
					aria-invalid={reply?.fields?.content ? true : undefined}
					className={inputClass}
				/>
				<p className="text-xs text-gray-500">Plain text; each line break starts a paragraph.</p>
				<ErrorList errors={reply?.fields?.content ? [reply.fields.content] : null} />
			</div>
			<TextField idPrefix="post" label="Publish date" name="publishDate" type="date" defaultValue={post ? post.publishDate.slice(0, 10) : today} reply={reply} />
			<Checkbox key={`pub-${reply?.at ?? 0}`} label="Publish" name="isPublished" defaultChecked={published} />
			<SubmitRow closeTo={closeTo} label={post ? 'Update Post' : 'Create Post'} />
		</Form>
	)
}

export function BlogSection({ data, actionData }: SectionProps) {
	if (data.tab !== 'blog' || !('blog' in data)) return null
	const p = data.params
	const { posts, total, page, limit } = data.blog
	const pages = Math.max(1, Math.ceil(total / limit))
	const close = href('blog', { page: page > 1 ? page : undefined })
	const editing = p.edit ? posts.find((x) => x.id === p.edit) : undefined
	const target = p.id ? posts.find((x) => x.id === p.id) : undefined
	return (
		<div>
			<Toolbar summary={`${total} posts`} addTo={href('blog', { new: 1, page: page > 1 ? page : undefined })} addLabel="Create Post" />
			<ul className="divide-y divide-gray-100 dark:divide-gray-800">
				{posts.length === 0 ? <li className="py-8 text-center text-sm text-gray-500">No blog posts yet</li> : null}
				{posts.map((post) => (
					<li key={post.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
						<div>
							<p className="font-medium">{post.title}</p>
							<p className="text-sm text-gray-600 dark:text-gray-400">
								{post.publishDate.slice(0, 10)} · /news-updates/{post.slug}
							</p>
							<p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{post.excerpt}</p>
						</div>
						<div className="flex items-center gap-2">
							{post.isPublished ? <Badge tone="green">Published</Badge> : <Badge>Draft</Badge>}
							<RowLink to={href('blog', { edit: post.id, page: page > 1 ? page : undefined })} label={`Edit ${post.title}`}>
								Edit
							</RowLink>
							<RowLink to={href('blog', { confirm: 'delete', id: post.id, page: page > 1 ? page : undefined })} label={`Delete ${post.title}`} variant="destructive">
								Delete
							</RowLink>
						</div>
					</li>
				))}
			</ul>
			{pages > 1 ? (
				<nav aria-label="Blog pages" className="mt-4 flex items-center justify-between text-sm">
					{page > 1 ? <Link to={href('blog', { page: page - 1 })}>Previous</Link> : <span className="text-gray-400">Previous</span>}
					<span>
						Page {page} of {pages}
					</span>
					{page < pages ? <Link to={href('blog', { page: page + 1 })}>Next</Link> : <span className="text-gray-400">Next</span>}
				</nav>
			) : null}
			{p.new ? (
				<Dialog title="Create Post" closeTo={close} size="2xl">
					<PostForm reply={replyFor(actionData, 'post-create')} closeTo={close} page={page} />
				</Dialog>
			) : null}
			{editing ? (
				<Dialog title="Edit Post" closeTo={close} size="2xl">
					<PostForm post={editing} reply={replyFor(actionData, 'post-update', editing.id)} closeTo={close} page={page} />
				</Dialog>
			) : null}
			{target && p.confirm === 'delete' ? (
				<ConfirmDialog
					title="Delete Post"
					message={`Delete “${target.title}”? This is permanent.`}
					closeTo={close}
					intent="post-delete"
					id={target.id}
					extra={{ page: String(page) }}
					confirmLabel="Delete"
					reply={replyFor(actionData, 'post-delete', target.id)}
				/>
			) : null}
		</div>
	)
}
