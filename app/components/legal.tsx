// Terms of Service and Privacy Policy (spec 3 §2). Components, so the pages and
// the checkout's modals show the same text.
import type { ReactNode } from 'react'

export const LEGAL_UPDATED = 'August 25, 2025'

function Section({ title, children }: { title: string; children: ReactNode }) {
	return (
		<section className="mt-8">
			<h2 className="text-xl font-semibold">{title}</h2>
			<div className="mt-2 space-y-3 text-gray-800 dark:text-gray-200">{children}</div>
		</section>
	)
}

export function TermsContent() {
	return (
		<div>
			<p className="text-sm text-gray-700 dark:text-gray-300">Last updated: {LEGAL_UPDATED}</p>
			<Section title="1. The service">
				<p>
					Yardstick is a web application that lets outdoor-service contractors measure areas and distances on satellite imagery, detect grass with
					automated tools, save measurements and produce reports. By creating an account or using the service you agree to these terms.
				</p>
			</Section>
			<Section title="2. Accounts">
				<p>
					You are responsible for your account, for keeping your password safe and for what your team does under your organization. You must be
					at least 13 years old to use Yardstick.
				</p>
			</Section>
			<Section title="3. Subscriptions and billing">
				<p>Subscriptions are month-to-month. There are no long-term contracts: you can cancel at any time and keep access until the end of the paid period.</p>
				<p>Fees already paid are not refunded. There are no refunds for partial months, unused searches or unused reports.</p>
			</Section>
			<Section title="4. Measurements are estimates">
				<p>
					Measurements, areas, distances and grass detections are estimates only. They depend on imagery that can be out of date, obscured by trees
					or shadows, or misaligned. Verify critical figures on site before you rely on them for a quote, an order of materials or any other
					decision.
				</p>
			</Section>
			<Section title="5. Your data">
				<p>
					You own the measurements and other content you create. When an account or organization is suspended, terminated or cancelled, all of its
					customer data is permanently deleted 30 days later.
				</p>
			</Section>
			<Section title="6. Acceptable use">
				<p>Do not misuse the service: no attempts to break its security, overload it, scrape it or use it against the law or the imagery providers' terms.</p>
			</Section>
			<Section title="7. Changes and contact">
				<p>We may change these terms; we will tell you about material changes before they apply. Questions: contact us through the Contact page.</p>
			</Section>
		</div>
	)
}

export function PrivacyContent() {
	return (
		<div>
			<p className="text-sm text-gray-700 dark:text-gray-300">Last updated: {LEGAL_UPDATED}</p>
			<Section title="1. Information we collect">
				<p>Account details (name, e-mail, company, phone), the addresses you search, the measurements you save, and technical data such as your IP address and browser.</p>
			</Section>
			<Section title="2. How we use it">
				<p>To run the service, keep it secure, send the e-mails you need (verification, password resets, invitations, invoices) and improve Yardstick.</p>
			</Section>
			<Section title="3. Storage and security">
				<p>Data is stored on secured servers. Passwords are stored only as strong one-way hashes; sessions and links use random tokens we store only as hashes.</p>
			</Section>
			<Section title="4. Cookies">
				<p>Essential cookies keep you signed in and remember your cookie choice. Optional cookies are used only if you allow them in Cookie Settings.</p>
			</Section>
			<Section title="5. Third parties">
				<p>
					A maps service provides geocoding and satellite imagery for the addresses you search. Payments are handled by third-party payment
					providers; we never store your card number.
				</p>
			</Section>
			<Section title="6. Your rights">
				<p>You may ask for access to, rectification, erasure or portability of your data, object to or ask us to restrict its processing.</p>
			</Section>
			<Section title="7. Retention">
				<p>After an account is suspended, terminated or cancelled, all data and accounts are permanently deleted after 30 days.</p>
			</Section>
			<Section title="8. International transfers">
				<p>Your data may be processed in the United States and other countries where our providers operate, with appropriate safeguards.</p>
			</Section>
			<Section title="9. Children">
				<p>Yardstick is not for children under 13. The minimum age to use the service is 13.</p>
			</Section>
			<Section title="10. Changes to this policy">
				<p>We will post changes here and update the date above; material changes are announced before they apply.</p>
			</Section>
			<Section title="11. Contact">
				<p>Questions about privacy: write to us through the Contact page.</p>
			</Section>
		</div>
	)
}
