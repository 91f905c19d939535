import type { ReactNode } from 'react'
import { Modal } from '~/components/ui/dialog.tsx'

export function LegalModal({ title, children, footer, onClose }: { title: string; children: ReactNode; footer: ReactNode; onClose: () => void }) {
	return (
		<Modal labelledBy="legal-title" size="2xl" className="flex max-h-[85vh] flex-col" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
			<h2 id="legal-title" className="border-b border-gray-200 p-4 text-lg font-semibold dark:border-gray-700">
				{title}
			</h2>
			<div className="overflow-y-auto p-4 text-sm">{children}</div>
			<div className="flex justify-end gap-2 border-t border-gray-200 p-4 dark:border-gray-700">{footer}</div>
		</Modal>
	)
}
