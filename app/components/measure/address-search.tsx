// Property Address search (spec 1 §2, §5): suggestions from 3 characters (US
// only), recent searches (5) when empty and focused, about 15rem high. It is a
// plain form: without JavaScript the typed address is submitted as is.
import { useEffect, useId, useRef, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { useToast } from '~/components/toaster.tsx'
import { inputClass } from '~/components/ui/field.tsx'
import { cn } from '~/utils/cn.ts'

export type Suggestion = { place_id: string; description: string; structured_formatting: { main_text: string; secondary_text: string } }

export const RECENT_KEY = 'yardstick.recentAddresses'
export const RECENT_MAX = 5
export const MIN_QUERY = 3

export function rememberAddress(address: string) {
	try {
		const recent = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as string[]
		const next = [address, ...recent.filter((a) => a !== address)].slice(0, RECENT_MAX)
		localStorage.setItem(RECENT_KEY, JSON.stringify(next))
	} catch {
		// storage unavailable: recent searches are a convenience
	}
}

function recentAddresses(): string[] {
	try {
		return (JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as string[]).slice(0, RECENT_MAX)
	} catch {
		return []
	}
}

export function AddressSearch({ defaultValue }: { defaultValue: string }) {
	const [text, setText] = useState(defaultValue)
	const [placeId, setPlaceId] = useState('')
	const [open, setOpen] = useState(false)
	const [options, setOptions] = useState<Suggestion[]>([])
	// the credit the suggestions' provider requires (Google, Mapbox, Photon)
	const [credit, setCredit] = useState<string | null>(null)
	const [recent, setRecent] = useState<string[]>([])
	const [active, setActive] = useState(-1)
	const formRef = useRef<HTMLFormElement>(null)
	const listId = useId()
	const toast = useToast()
	const navigation = useNavigation()
	const searching = navigation.formData?.get('intent') === 'search'

	const inputRef = useRef<HTMLInputElement>(null)
	useEffect(() => setText(defaultValue), [defaultValue])
	// an address typed before the page hydrated is in the field but not in `text`: keep it (the next render would clear it)
	useEffect(() => {
		const typed = inputRef.current?.value
		if (typed) setText(typed)
	}, [])

	// suggestions for what is typed (3 characters or more)
	useEffect(() => {
		if (!open || text.trim().length < MIN_QUERY || placeId) {
			setOptions([])
			return
		}
		const controller = new AbortController()
		const timer = setTimeout(async () => {
			try {
				const res = await fetch(`/api/geocode/suggest?q=${encodeURIComponent(text.trim())}`, { signal: controller.signal })
				if (!res.ok) throw new Error(String(res.status))
				const body = (await res.json()) as { suggestions: Suggestion[]; attribution?: string }
				setOptions(body.suggestions)
				setCredit(body.attribution ?? null)
				setActive(-1)
			} catch {
				if (!controller.signal.aborted) toast({ title: 'Search Error', description: 'Unable to search addresses. Please try again.', type: 'destructive' })
			}
		}, 200)
		return () => {
			clearTimeout(timer)
			controller.abort()
		}
	}, [text, open, placeId, toast])

	const choose = (description: string, id = '') => {
		setText(description)
		setPlaceId(id)
		setOpen(false)
		rememberAddress(description)
		// submit after React has written the hidden place_id
		setTimeout(() => formRef.current?.requestSubmit(), 0)
	}

	const showRecent = open && text.trim().length === 0 && recent.length > 0
	const showOptions = open && text.trim().length >= MIN_QUERY && options.length > 0
	const items = showRecent ? recent.map((r) => ({ key: r, main: r, secondary: 'Recent search', value: r, id: '' })) : showOptions ? options.map((o) => ({ key: o.place_id, main: o.structured_formatting.main_text, secondary: o.structured_formatting.secondary_text, value: o.description, id: o.place_id })) : []

	return (
		<Form method="post" ref={formRef} className="relative" onSubmit={() => text.trim() && rememberAddress(text.trim())}>
			<input type="hidden" name="intent" value="search" />
			<input type="hidden" name="place_id" value={placeId} />
			{/* over the map on a phone the placeholder says it; the label stays for screen readers */}
			<label htmlFor="property-address" className="mb-1 block text-sm font-semibold phone-js:sr-only">
				Property Address
			</label>
			<div className="flex gap-2">
				<input
					ref={inputRef}
					id="property-address"
					name="address"
					type="text"
					autoComplete="off"
					required
					role="combobox"
					aria-expanded={items.length > 0}
					aria-controls={listId}
					aria-autocomplete="list"
					aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
					placeholder="Enter property address..."
					className={cn(inputClass, 'phone-js:min-h-11 phone-js:text-base phone-js:shadow-md')}
					value={text}
					onChange={(e) => {
						setText(e.target.value)
						setPlaceId('')
						setOpen(true)
					}}
					onFocus={() => {
						setRecent(recentAddresses())
						setOpen(true)
					}}
					onBlur={(e) => {
						const input = e.currentTarget
						// close a moment later (a click on an option lands first), unless focus came back
						setTimeout(() => {
							if (document.activeElement !== input) setOpen(false)
						}, 150)
					}}
					onKeyDown={(e) => {
						if (!items.length) return
						if (e.key === 'ArrowDown') {
							e.preventDefault()
							setActive((a) => Math.min(items.length - 1, a + 1))
						} else if (e.key === 'ArrowUp') {
							e.preventDefault()
							setActive((a) => Math.max(0, a - 1))
						} else if (e.key === 'Enter' && active >= 0) {
							e.preventDefault()
							choose(items[active]!.value, items[active]!.id)
						} else if (e.key === 'Escape') setOpen(false)
					}}
				/>
				<button type="submit" className="rounded-md bg-brand-700 px-3 text-sm font-medium text-white hover:bg-brand-800 phone-js:min-h-11 phone-js:shadow-md" disabled={searching}>
					{searching ? 'Searching...' : 'Search'}
				</button>
			</div>
			{items.length > 0 ? (
				<ul
					id={listId}
					role="listbox"
					aria-label={showRecent ? 'Recent searches' : 'Address suggestions'}
					className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg dark:border-gray-700 dark:bg-gray-900"
				>
					{items.map((item, i) => (
						<li
							key={item.key}
							id={`${listId}-${i}`}
							role="option"
							aria-selected={i === active}
							onMouseDown={(e) => {
								e.preventDefault()
								choose(item.value, item.id)
							}}
							className={cn('cursor-pointer px-3 py-2 text-sm', i === active ? 'bg-brand-50 dark:bg-gray-800' : 'hover:bg-gray-50 dark:hover:bg-gray-800')}
						>
							<span className="block font-medium">{item.main}</span>
							<span className="block text-xs text-gray-500 dark:text-gray-400">{item.secondary}</span>
						</li>
					))}
					{credit && !showRecent ? (
						<li role="presentation" data-testid="suggestions-attribution" className="px-3 pt-1 pb-0.5 text-right text-[11px] text-gray-500 dark:text-gray-400">
							{credit}
						</li>
					) : null}
				</ul>
			) : null}
		</Form>
	)
}
