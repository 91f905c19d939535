/** Only same-site paths: "/x" yes, "//evil.example" and "https://…" no. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
	if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
	return to
}
