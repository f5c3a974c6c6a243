import type { ImportRequest } from '../api/transfer.ts';
import { parseBundleJson } from './format.ts';
import { parseTwee, parseTwineFile } from './twee.ts';
import type { TwineImport } from './twee-import.ts';

/**
 * Parses an import request's file (JSON, Twee 3 or Twine 2 HTML) with what will not carry over.
 * A bad file throws TransferError naming the line or field of each problem.
 */
export function parseImport(body: ImportRequest): TwineImport {
  if (body.format === 'json') return { bundle: parseBundleJson(body.text), warnings: [] };
  return body.format === 'twee' ? parseTwee(body.text) : parseTwineFile(body.text);
}
