import type { Middleware } from 'koa'

// Everything from the app itself: map tiles come through the server too. Inline style attributes
// are used by the UI library for positioning; scripts are never inline.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/** Headers that keep the app out of frames and stop browsers guessing content types. */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    ctx.set('X-Content-Type-Options', 'nosniff')
    ctx.set('X-Frame-Options', 'DENY')
    ctx.set('Referrer-Policy', 'no-referrer')
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin')
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()')
    await next()
  }
}
