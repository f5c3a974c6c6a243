import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Produces the HTML shell for one request with a fresh CSP nonce. The SEO settings issue extends
 * this to write meta tags and the admin's custom scripts (carrying the nonce) into the page.
 */
export async function renderShell(
  _app: FastifyInstance,
  template: string,
  _pathname: string,
): Promise<{ html: string; nonce: string }> {
  const nonce = randomBytes(16).toString('base64');
  return { html: template.replaceAll('__CSP_NONCE__', nonce), nonce };
}
