// Export Results (issue 9): the PDF report (with an optional estimate from the
// price list, tax rate and notes) and the GeoJSON, KML and CSV files. Without
// JavaScript the form and links download directly; with it the download runs
// through fetch so the spec's 'Export Complete' toast (or the server's reason,
// e.g. the monthly report limit) can be shown.
import { useState, type FormEvent, type MouseEvent } from 'react'
import { useToast } from '~/components/toaster.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { inputClass } from '~/components/ui/field.tsx'
import { formatUnitPrice, PRICE_UNIT_LABELS, type PriceItem, type PriceUnit } from '~/lib/estimate.ts'
import { surfaceNote } from '~/lib/surfaces.ts'
import { cn } from '~/utils/cn.ts'

export const EXPORT_COMPLETE = { title: 'Export Complete', description: 'Measurement results have been exported to PDF.' }

type ToastFn = ReturnType<typeof useToast>

function fileNameOf(response: Response, fallback: string) {
	return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback
}

/** Fetches a download; saves it, or toasts why it failed. Returns whether it worked. */
export async function download(url: string, toast: ToastFn, fallbackName: string): Promise<boolean> {
	let response: Response
	try {
		response = await fetch(url, { credentials: 'same-origin' })
	} catch {
		toast({ title: 'Export Failed', description: 'The server could not be reached. Please try again.', type: 'destructive' })
		return false
	}
	if (!response.ok) {
		const body = (await response.json().catch(() => null)) as { error?: string } | null
		toast({ title: response.status === 429 ? 'Report Limit Reached' : 'Export Failed', description: body?.error ?? 'Please try again.', type: 'destructive' })
		return false
	}
	const blob = await response.blob()
	const href = URL.createObjectURL(blob)
	const a = document.createElement('a')
	a.href = href
	a.download = fileNameOf(response, fallbackName)
	document.body.append(a)
	a.click()
	a.remove()
	setTimeout(() => URL.revokeObjectURL(href), 10_000)
	return true
}

/** The `/api/measurements/…` base of one measurement or of an address. */
function paths(target: { id: string } | { address: string }) {
	if ('id' in target) {
		const base = `/api/measurements/${encodeURIComponent(target.id)}`
		return { report: `${base}/report.pdf`, file: (ext: string) => `${base}/export.${ext}` }
	}
	const q = `?address=${encodeURIComponent(target.address)}`
	return { report: '/api/measurements/report.pdf', file: (ext: string) => `/api/measurements/export.${ext}${q}` }
}

export function ExportResults({ target, priceList, className }: { target: { id: string } | { address: string }; priceList: PriceItem[]; className?: string }) {
	const toast = useToast()
	const [busy, setBusy] = useState(false)
	const p = paths(target)

	async function onSubmit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		const query = new URLSearchParams()
		for (const [k, v] of new FormData(event.currentTarget)) if (typeof v === 'string' && v !== '') query.append(k, v)
		setBusy(true)
		try {
			if (await download(`${p.report}?${query}`, toast, 'report.pdf')) toast({ ...EXPORT_COMPLETE, type: 'success' })
		} finally {
			setBusy(false)
		}
	}

	function onFile(event: MouseEvent<HTMLAnchorElement>, ext: string) {
		event.preventDefault()
		void download(event.currentTarget.href, toast, `measurements.${ext}`).then((ok) => {
			if (ok) toast({ title: 'Export Complete', description: `Measurement results have been exported to ${ext.toUpperCase()}.`, type: 'success' })
		})
	}

	return (
		<details className={cn('group rounded-md border border-gray-200 dark:border-gray-700', className)}>
			<summary className={buttonClass('secondary', 'w-full cursor-pointer list-none')}>Export Results</summary>
			<form method="get" action={p.report} onSubmit={onSubmit} className="space-y-3 p-3 text-sm">
				{'address' in target ? <input type="hidden" name="address" value={target.address} /> : null}
				{priceList.length ? (
					<fieldset>
						<legend className="mb-1 font-semibold">Estimate (optional)</legend>
						<div className="space-y-1">
							{priceList.map((item) => (
								<label key={item.id} className="flex items-center gap-2">
									<input type="checkbox" name="services" value={item.id} />
									<span>
										{item.name}{' '}
										<span className="text-xs text-gray-500 dark:text-gray-400">
											{formatUnitPrice(item.unitPrice)} {PRICE_UNIT_LABELS[item.unit as PriceUnit] ?? ''}
											{surfaceNote(item.surface)}
										</span>
									</span>
								</label>
							))}
						</div>
						<label className="mt-2 block">
							<span className="block text-xs font-medium">Tax rate (%)</span>
							<input name="taxRate" inputMode="decimal" placeholder="e.g. 8.25" pattern="\d{1,3}(\.\d{1,3})?" className={inputClass} />
						</label>
					</fieldset>
				) : (
					<p className="text-xs text-gray-500 dark:text-gray-400">Add services to your price list (Settings → Organization) to include an estimate.</p>
				)}
				<label className="block">
					<span className="block text-xs font-medium">Notes for the report</span>
					<textarea name="notes" maxLength={2000} rows={2} className={inputClass} />
				</label>
				<Button type="submit" className="w-full" disabled={busy}>
					{busy ? 'Preparing PDF...' : 'Download PDF Report'}
				</Button>
				<p className="flex flex-wrap items-center gap-x-3 text-xs">
					<span className="text-gray-500 dark:text-gray-400">Files:</span>
					{['geojson', 'kml', 'csv'].map((ext) => (
						<a key={ext} href={p.file(ext)} download onClick={(e) => onFile(e, ext)} className="text-brand-700 hover:underline dark:text-brand-500">
							{ext === 'geojson' ? 'GeoJSON' : ext.toUpperCase()}
						</a>
					))}
				</p>
			</form>
		</details>
	)
}

/** The dashboard's per-measurement PDF download: a plain link, fetched with JavaScript for the toasts. */
export function DownloadReportLink({ id, name, className }: { id: string; name: string; className?: string }) {
	const toast = useToast()
	const [busy, setBusy] = useState(false)
	return (
		<a
			href={`/api/measurements/${encodeURIComponent(id)}/report.pdf`}
			download
			aria-label={`Download PDF report for ${name}`}
			aria-disabled={busy || undefined}
			className={className}
			onClick={(event) => {
				event.preventDefault()
				if (busy) return
				setBusy(true)
				void download(event.currentTarget.href, toast, 'report.pdf')
					.then((ok) => ok && toast({ ...EXPORT_COMPLETE, type: 'success' }))
					.finally(() => setBusy(false))
			}}
		>
			{busy ? 'Preparing...' : 'PDF Report'}
		</a>
	)
}
