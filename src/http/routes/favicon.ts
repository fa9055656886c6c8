import { defineRoute } from '../route.ts';

/** A 16×16 icon (a white tick on blue, PNG inside ICO), so a browser's tab needs nothing from elsewhere. */
const ICON = Buffer.from(
  'AAABAAEAEBAAAAEAIACZAAAAFgAAAIlQTkcNChoKAAAADUlIRFIAAAAQAAAAEAgDAAAAKC0PUwAAAAlQTFRFAAAAHU7Y////OLapyQAAAAF0Uk5TAEDm2GYAAAA+SURBVHjajY/RCgAgCAPn/f9HR1pWBtHe7sDhJNkW6eRurOQtKAI4hLMLNg7B4jiB5NFB8ixNto9Pr3F1fgOQVQEQPAnB5AAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * GET /favicon.ico, which browsers ask for on their own (the reference page, say): public, cached for
 * a day, and not part of the API, so it is registered beside the routes rather than among them and
 * stays out of the OpenAPI document.
 */
export const faviconRoute = defineRoute({
  method: 'GET',
  path: '/favicon.ico',
  operationId: 'favicon',
  summary: 'The icon browsers show for this origin',
  tag: 'Reference',
  auth: false,
  response: { status: 200, description: 'An ICO file.', contentType: 'image/x-icon', examples: {} },
  handler: async ({ reply }) =>
    reply.type('image/x-icon').header('cache-control', 'public, max-age=86400').send(ICON),
});
