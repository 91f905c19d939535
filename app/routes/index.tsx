import { useState } from 'react'
import { Form } from 'react-router'
import type { Route } from './+types/index'
import { ButtonLink, buttonClass } from '~/components/ui/button.tsx'
import { inputClass } from '~/components/ui/field.tsx'
import { monthlySavings, SAVINGS_DEFAULTS, SavingsSchema, usd, type SavingsInput } from '~/lib/savings.ts'
import type { RouteHandle } from '~/utils/route-handle.ts'
import { useOptionalUser } from '~/utils/user.ts'

export const handle: RouteHandle = { header: 'landing' }

export const meta: Route.MetaFunction = () => [
	{ title: 'Yardstick — AI-powered property measurement for outdoor pros' },
	{ name: 'description', content: 'Measure lawns and property areas on satellite imagery and quote outdoor jobs without driving there. Free founding-member beta.' },
	{ property: 'og:title', content: 'Yardstick — Accurate Measurements. Bigger Profits.' },
	{ property: 'og:description', content: 'Measure lawns and property areas on satellite imagery and quote outdoor jobs without driving there.' },
	{ property: 'og:type', content: 'website' },
]

/** The calculator is a GET form: the server computes it without JavaScript. */
export function loader({ request }: Route.LoaderArgs) {
	const { searchParams } = new URL(request.url)
	// no query: the defaults, without parsing them again (each field's fallback builds a zod error first)
	return { savings: searchParams.size ? SavingsSchema.parse(Object.fromEntries(searchParams)) : SAVINGS_DEFAULTS }
}

const TRADES = [
	'Landscapers',
	'Painters',
	'Lawn mowing',
	'Fence installers',
	'Pest control',
	'Mulch & rock',
	'Pressure washing',
	'Fertilization',
	'General contractors',
	'Irrigation',
	'Sod installers',
	'Driveway pavers',
	'Franchises & teams',
]

const FEATURES = [
	{ title: 'Interactive Maps', text: 'Satellite, hybrid, terrain and road views of any US address, zoomed to the property.' },
	{ title: 'Manual & AI Tools', text: 'Draw polygons, rectangles, circles and distances, or let grass detection outline the lawn.' },
	{ title: 'Instant Calculations', text: 'Exact square feet, acres and square meters as you draw, on the same ellipsoid GPS uses.' },
	{ title: 'Team Collaboration', text: 'Everyone in your organization sees, edits and reuses the same saved measurements.' },
	{ title: 'Professional Reports', text: 'Save measurements with notes per property and export them for your quotes.' },
	{ title: 'Usage Analytics', text: 'See your monthly searches and reports at a glance on your dashboard.' },
]

const FAQ = [
	{ q: 'Does it work on my phone?', a: 'Yes. Yardstick works in the browser on phones, tablets and computers. There is no native app yet.' },
	{ q: 'How much will it cost?', a: 'Pricing is not final. Founding members use the beta free and get exclusive pricing at launch.' },
	{ q: 'Where does it work?', a: 'Anywhere in the United States with satellite imagery coverage.' },
	{ q: 'Can I save and share my measurements?', a: 'Yes. Measurements are saved per property with notes, shared with your team, and can be exported as PDF reports.' },
	{ q: 'How accurate is it?', a: 'Areas and distances are computed exactly from what you draw; accuracy depends on the imagery. Measurements are estimates, so check anything critical on site.' },
]

export default function Landing({ loaderData }: Route.ComponentProps) {
	const user = useOptionalUser()
	return (
		<>
			<section className="bg-gradient-to-b from-brand-50 to-white px-4 py-20 text-center dark:from-gray-900 dark:to-gray-950">
				<p className="text-sm font-semibold tracking-wide text-brand-800 uppercase dark:text-brand-500">AI-powered property measurement for outdoor pros</p>
				<h1 className="mx-auto mt-3 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">Accurate Measurements. Bigger Profits.</h1>
				<p className="mx-auto mt-6 max-w-2xl text-lg text-gray-800 dark:text-gray-200">
					Measure lawns, beds and fence lines on satellite imagery, let AI find the grass, and send the quote without driving to the property.
				</p>
				<div className="mt-10 flex flex-wrap justify-center gap-4">
					{user ? (
						<>
							<ButtonLink to="/dashboard">Go to Dashboard</ButtonLink>
							<ButtonLink to="/measure" variant="secondary">
								Start Measuring
							</ButtonLink>
						</>
					) : (
						<>
							<ButtonLink to="/checkout/BETA">Become a Founding Member</ButtonLink>
							<ButtonLink to="/auth" variant="secondary">
								Sign In
							</ButtonLink>
						</>
					)}
				</div>
				<dl className="mx-auto mt-14 grid max-w-3xl grid-cols-1 gap-6 sm:grid-cols-3">
					{[
						['$600+', 'average monthly savings'],
						['5x', 'more accurate than guessing'],
						['30 sec', 'average measurement time'],
					].map(([figure, label]) => (
						<div key={label}>
							<dt className="sr-only">{label}</dt>
							<dd className="text-3xl font-bold text-brand-800 dark:text-brand-500">{figure}</dd>
							<dd className="text-sm text-gray-700 dark:text-gray-300">{label}</dd>
						</div>
					))}
				</dl>
			</section>

			<section className="mx-auto grid max-w-5xl gap-6 px-4 py-16 md:grid-cols-2" aria-label="Why Yardstick">
				<Card title="Skip the Drive" text="Quote from your desk: see the property, measure it and send the price before a competitor has even scheduled a visit." />
				<Card title="Ditch the Wheel" text="No more walking the lot with a measuring wheel. Outline the lawn on the map and get exact square footage in seconds." />
			</section>

			<section className="bg-gray-50 px-4 py-16 dark:bg-gray-900" aria-labelledby="trades-heading">
				<h2 id="trades-heading" className="text-center text-2xl font-bold">
					Built for outdoor service pros
				</h2>
				<ul className="mx-auto mt-8 flex max-w-4xl flex-wrap justify-center gap-2">
					{TRADES.map((t) => (
						<li key={t} className="rounded-full border border-gray-300 bg-white px-4 py-1.5 text-sm dark:border-gray-700 dark:bg-gray-950">
							{t}
						</li>
					))}
				</ul>
			</section>

			<section className="mx-auto max-w-6xl px-4 py-16" aria-labelledby="features-heading">
				<h2 id="features-heading" className="text-center text-2xl font-bold">
					Everything you need to quote with confidence
				</h2>
				<div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
					{FEATURES.map((f) => (
						<Card key={f.title} title={f.title} text={f.text} heading="h3" />
					))}
				</div>
			</section>

			<section className="px-4 py-16" aria-labelledby="founding-heading">
				<div className="mx-auto max-w-3xl rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-8 text-white shadow-xl sm:p-12">
					<h2 id="founding-heading" className="text-3xl font-bold">
						Founding Member Beta — Free
					</h2>
					<p className="mt-2 text-brand-100">No credit card required. Exclusive pricing when we launch.</p>
					<ul className="mt-6 grid gap-2 sm:grid-cols-2">
						{['250 measurements per month', '250 saves and reports', 'AI grass detection', 'PDF reports', 'Single user'].map((item) => (
							<li key={item}>✓ {item}</li>
						))}
					</ul>
					<ButtonLink to="/checkout/BETA" variant="secondary" className="mt-8">
						<span className="hidden sm:inline">Become a Founding Member</span>
						<span className="sm:hidden">Join Beta</span>
					</ButtonLink>
				</div>
			</section>

			<SavingsCalculator initial={loaderData.savings} />

			<section className="mx-auto max-w-3xl px-4 py-16" aria-labelledby="faq-heading">
				<h2 id="faq-heading" className="text-center text-2xl font-bold">
					Frequently asked questions
				</h2>
				<div className="mt-8 divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
					{FAQ.map((item) => (
						<details key={item.q} className="group p-4">
							<summary className="cursor-pointer font-medium">{item.q}</summary>
							<p className="mt-2 text-gray-800 dark:text-gray-200">{item.a}</p>
						</details>
					))}
				</div>
			</section>

			<section className="bg-brand-50 px-4 py-16 text-center dark:bg-gray-900" aria-labelledby="cta-heading">
				<h2 id="cta-heading" className="text-3xl font-bold">
					Measure your next property in 30 seconds
				</h2>
				<p className="mt-3 text-gray-800 dark:text-gray-200">Join the founding-member beta today. It is free.</p>
				<ButtonLink to={user ? '/measure' : '/checkout/BETA'} className="mt-8">
					{user ? 'Start Measuring' : 'Become a Founding Member'}
				</ButtonLink>
			</section>
		</>
	)
}

function Card({ title, text, heading = 'h2' }: { title: string; text: string; heading?: 'h2' | 'h3' }) {
	const H = heading
	return (
		<div className="rounded-xl border border-gray-200 p-6 shadow-sm dark:border-gray-800">
			<H className="text-xl font-semibold">{title}</H>
			<p className="mt-2 text-gray-800 dark:text-gray-200">{text}</p>
		</div>
	)
}

const FIELDS: { name: keyof SavingsInput; label: string; step: string }[] = [
	{ name: 'estimates', label: 'Estimates per month', step: '1' },
	{ name: 'milesPerVisit', label: 'Round-trip miles per site visit', step: '1' },
	{ name: 'costPerMile', label: 'Vehicle cost per mile ($)', step: '0.01' },
	{ name: 'minutesPerVisit', label: 'Minutes spent per site visit', step: '1' },
	{ name: 'hourlyRate', label: 'Your time per hour ($)', step: '1' },
	{ name: 'labourPerVisit', label: 'Crew labour per visit ($)', step: '1' },
]

function SavingsCalculator({ initial }: { initial: SavingsInput }) {
	// raw text while typing ("0." stays "0."); the figures come from the parsed values
	const [raw, setRaw] = useState<Record<string, string>>(() => Object.fromEntries(Object.entries(initial).map(([k, v]) => [k, String(v)])))
	const result = monthlySavings(SavingsSchema.parse(raw))
	return (
		<section className="bg-gray-50 px-4 py-16 dark:bg-gray-900" aria-labelledby="savings-heading">
			<div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-2">
				<div>
					<h2 id="savings-heading" className="text-2xl font-bold">
						Savings calculator
					</h2>
					<p className="mt-2 text-gray-800 dark:text-gray-200">Every estimate you measure from your desk saves a trip, your time and crew labour.</p>
					{/* a GET form: without JavaScript the server computes the result */}
					<Form method="get" preventScrollReset className="mt-6 grid gap-4 sm:grid-cols-2">
						{FIELDS.map((f) => (
							<div key={f.name} className="space-y-1">
								<label htmlFor={`savings-${f.name}`} className="block text-sm font-medium">
									{f.label}
								</label>
								<input
									id={`savings-${f.name}`}
									name={f.name}
									type="number"
									min="0"
									step={f.step}
									inputMode="decimal"
									className={inputClass}
									value={raw[f.name] ?? ''}
									onChange={(e) => setRaw((r) => ({ ...r, [f.name]: e.target.value }))}
								/>
							</div>
						))}
						<button type="submit" className={buttonClass('secondary', 'sm:col-span-2')}>
							Calculate
						</button>
					</Form>
				</div>
				<div className="self-center rounded-2xl bg-white p-8 shadow-lg dark:bg-gray-950" aria-live="polite">
					<p className="text-sm text-gray-700 dark:text-gray-300">Estimated monthly savings</p>
					<p className="mt-1 text-5xl font-extrabold text-brand-800 dark:text-brand-500" data-testid="savings-total">
						{usd(result.total)}
					</p>
					<dl className="mt-6 space-y-2">
						{[
							['Travel', result.travel],
							['Time', result.time],
							['Labour', result.labour],
						].map(([label, value]) => (
							<div key={label as string} className="flex justify-between border-b border-gray-200 pb-2 dark:border-gray-800">
								<dt>{label}</dt>
								<dd className="font-semibold" data-testid={`savings-${(label as string).toLowerCase()}`}>
									{usd(value as number)}
								</dd>
							</div>
						))}
					</dl>
				</div>
			</div>
		</section>
	)
}
