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

	// admin (issue 7)
	route('api/admin/stats', 'routes/api/admin.stats.ts'),
	route('api/admin/users', 'routes/api/admin.users.ts'),
	route('api/admin/users/:userId', 'routes/api/admin.users.$userId.ts'),
	route('api/admin/customer-users', 'routes/api/admin.customer-users.ts'),
	route('api/admin/organizations', 'routes/api/admin.organizations.ts'),
	route('api/admin/organizations/:id', 'routes/api/admin.organizations.$id.ts'),
	route('api/admin/organizations/:id/deactivate', 'routes/api/admin.organizations.$id.deactivate.ts'),
	route('api/admin/organizations/:id/reactivate', 'routes/api/admin.organizations.$id.reactivate.ts'),
	route('api/admin/subscription-tiers', 'routes/api/admin.subscription-tiers.ts'),
	route('api/admin/subscription-tiers/:id', 'routes/api/admin.subscription-tiers.$id.ts'),
	route('api/admin/coupons', 'routes/api/admin.coupons.ts'),
	route('api/admin/coupons/:id', 'routes/api/admin.coupons.$id.ts'),
	route('api/admin/team-members', 'routes/api/admin.team-members.ts'),
	route('api/admin/team-members/:id', 'routes/api/admin.team-members.$id.ts'),
	route('api/admin/blog/posts', 'routes/api/admin.blog.posts.ts'),
	route('api/admin/blog/posts/:id', 'routes/api/admin.blog.posts.$id.ts'),
	route('api/admin/cleanup/stats', 'routes/api/admin.cleanup.stats.ts'),
	route('api/admin/cleanup/trigger', 'routes/api/admin.cleanup.trigger.ts'),
	route('api/admin/masquerade/stop', 'routes/api/admin.masquerade.stop.ts'),
	route('api/admin/masquerade/:userId', 'routes/api/admin.masquerade.$userId.ts'),
	route('api/admin/stop-masquerade', 'routes/api/admin.stop-masquerade.ts'),

	// reports and exports (issue 9)

	route('api/*', 'routes/api/not-found.ts'),

	// anything else: the friendly not-found page
	route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
