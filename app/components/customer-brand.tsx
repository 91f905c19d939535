// The contractor's brand on the pages their customers see (issue 31): the share
// page /p/{token} and the quote widget. The organization's logo, or its initials
// when it has none, and its name are the header; Yardstick is one small line at
// the bottom, with no navigation, sign-in or sign-up.
import type { ReactNode } from 'react'
import { initials } from '~/lib/names.ts'

const PREPARED_WITH = 'Estimate prepared with Yardstick'

/** The uploaded logo (our own /uploads/logos/…), or a monogram of the name's initials. */
export function OrganizationMark({ name, logoUrl }: { name: string; logoUrl: string | null }) {
	if (logoUrl) return <img src={logoUrl} alt={`${name} logo`} className="h-12 w-auto max-w-28 shrink-0 object-contain sm:max-w-40" />
	return (
		<span aria-hidden="true" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-lg font-bold text-white">
			{initials(name)}
		</span>
	)
}

/**
 * The header of a customer's page: the mark and the name (a long name wraps,
 * however long its words, instead of widening a phone's screen), and a line
 * under the name.
 */
export function OrganizationHeader({ name, logoUrl, children }: { name: string; logoUrl: string | null; children?: ReactNode }) {
	return (
		<header className="flex items-center gap-3" data-testid="organization-header">
			<OrganizationMark name={name} logoUrl={logoUrl} />
			<div className="min-w-0 flex-1">
				<p className="text-lg leading-snug font-semibold wrap-anywhere">{name}</p>
				{children}
			</div>
		</header>
	)
}

/** The one line of Yardstick on a customer's page, at its bottom. */
export function PreparedWithYardstick() {
	return (
		<footer className="pt-2 text-center text-xs text-gray-500 dark:text-gray-400">
			<p>{PREPARED_WITH}</p>
		</footer>
	)
}
