// Explicit route config. Mirrors the route tables of spec 1 §2, spec 2 §2 and
// spec 3 §2; /api/* resource routes sit beside the screens they serve.
import { type RouteConfig, index, route } from '@react-router/dev/routes'

export default [
	// public pages
	index('routes/index.tsx'),
	route('about', 'routes/about.tsx'),
	route('contact', 'routes/contact.tsx'),
	route('terms', 'routes/terms.tsx'),
	route('privacy', 'routes/privacy.tsx'),
	route('cookies', 'routes/cookies.tsx'),
	route('news-updates', 'routes/news-updates.tsx'),
	route('news-updates/rss.xml', 'routes/news-updates.rss.tsx'),
	route('news-updates/:id', 'routes/news-updates.$id.tsx'),
	route('sitemap.xml', 'routes/sitemap.tsx'),
	route('robots.txt', 'routes/robots.tsx'),

	// sign-in, sign-up, invitations
	route('auth', 'routes/auth.tsx'),
	route('auth/verify-email', 'routes/auth.verify-email.tsx'),
	route('checkout/:planId', 'routes/checkout.$planId.tsx'),
	route('accept-invite', 'routes/accept-invite.tsx'),

	// signed-in screens
	route('dashboard', 'routes/dashboard.tsx'),
	route('measure', 'routes/measure.tsx'),
	route('settings', 'routes/settings.tsx'),
	route('billing', 'routes/billing.tsx'),
	route('admin', 'routes/admin.tsx'),

	// browser routes and resource routes
	route('theme', 'routes/theme.tsx'),
	route('uploads/avatars/:file', 'routes/uploads.avatars.$file.ts'),
	route('api/login', 'routes/api/login.ts'),
	route('api/logout', 'routes/api/logout.ts'),
	route('api/auth/register', 'routes/api/auth.register.ts'),
	route('api/auth/login', 'routes/api/auth.login.ts'),
	route('api/auth/login/verify-2fa', 'routes/api/auth.login.verify-2fa.ts'),
	route('api/auth/login/resend-2fa', 'routes/api/auth.login.resend-2fa.ts'),
	route('api/auth/change-password', 'routes/api/auth.change-password.ts'),
	route('api/auth/logout', 'routes/api/auth.logout.ts'),
	route('api/auth/user', 'routes/api/auth.user.ts'),
	route('api/auth/forgot-password', 'routes/api/auth.forgot-password.ts'),
	route('api/auth/reset-password', 'routes/api/auth.reset-password.ts'),
	route('api/auth/resend-verification', 'routes/api/auth.resend-verification.ts'),
	route('api/auth/accept-invitation', 'routes/api/auth.accept-invitation.ts'),
	route('api/account/users', 'routes/api/account.users.ts'),
	route('api/account/users/:id', 'routes/api/account.users.$id.ts'),
	route('api/account/users/:id/reset-password', 'routes/api/account.users.$id.reset-password.ts'),
	route('api/account/invitations', 'routes/api/account.invitations.ts'),
	route('api/account/invitations/:id', 'routes/api/account.invitations.$id.ts'),
	route('api/account/invite', 'routes/api/account.invite.ts'),
	route('api/user/preferences', 'routes/api/user.preferences.ts'),
	route('api/user/profile', 'routes/api/user.profile.ts'),
	route('api/user/profile-photo', 'routes/api/user.profile-photo.ts'),
	route('api/user/communication-preferences', 'routes/api/user.communication-preferences.ts'),
	route('api/user/2fa/send-challenge', 'routes/api/user.2fa.send-challenge.ts'),
	route('api/user/2fa/verify-challenge', 'routes/api/user.2fa.verify-challenge.ts'),
	route('api/user/2fa/enable', 'routes/api/user.2fa.enable.ts'),
	route('api/user/2fa/disable', 'routes/api/user.2fa.disable.ts'),
	route('api/captcha/challenge', 'routes/api/captcha.challenge.ts'),
	route('api/blog/posts', 'routes/api/blog.posts.ts'),
	route('api/blog/posts/:idOrSlug', 'routes/api/blog.posts.$idOrSlug.ts'),
	route('api/measurements', 'routes/api/measurements.ts'),
	route('api/measurements/combine', 'routes/api/measurements.combine.ts'),
	route('api/measurements/export.geojson', 'routes/api/measurements.export-geojson.ts'),
	route('api/measurements/:id', 'routes/api/measurements.$id.ts'),
	route('api/usage/increment-search', 'routes/api/usage.increment-search.ts'),
	route('api/organizations/:id', 'routes/api/organizations.$id.ts'),
	route('api/organizations/:id/settings', 'routes/api/organizations.$id.settings.ts'),
	route('api/organizations/:id/ai-training', 'routes/api/organizations.$id.ai-training.ts'),
	route('api/subscription-tiers', 'routes/api/subscription-tiers.ts'),
	route('api/geocode/suggest', 'routes/api/geocode.suggest.ts'),
	route('api/geocode/resolve', 'routes/api/geocode.resolve.ts'),
	route('api/ai-measure', 'routes/api/ai-measure.ts'),
	// billing (issue 6)
	route('api/coupons/validate', 'routes/api/coupons.validate.ts'),
	route('api/organizations/:id/subscription', 'routes/api/organizations.$id.subscription.ts'),
	route('api/organizations/:id/active-coupon', 'routes/api/organizations.$id.active-coupon.ts'),
	route('api/subscription/cancel', 'routes/api/subscription.cancel.ts'),
	route('api/invoices', 'routes/api/invoices.ts'),
	route('api/invoices/:id/pdf', 'routes/api/invoices.$id.pdf.ts'),
	route('api/contact-billing-support', 'routes/api/contact-billing-support.ts'),
	route('api/checkout/complete', 'routes/api/checkout.complete.ts'),
	route('api/checkout/address-suggest', 'routes/api/checkout.address-suggest.ts'),

	// admin (issue 7)

	// reports and exports (issue 9)

	route('api/*', 'routes/api/not-found.ts'),

	// anything else: the friendly not-found page
	route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
