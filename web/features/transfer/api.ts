import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportRequest, ImportResponse } from '../../../core/api/transfer.ts';
import { apiFetch } from '../../lib/api.ts';

/**
 * A dry run or an import of a big file (50,000 passages) may take minutes on the server, which
 * keeps the connection open for up to 15 minutes (server/app.ts keepWorkingRequestsOpen): the
 * browser waits as long, instead of giving up after the usual few seconds.
 */
const IMPORT_TIMEOUT_MS = 15 * 60_000;

/**
 * The format of a chosen file, by its name: .twee/.tw are Twee 3, .html/.htm a Twine 2 published
 * story or archive, anything else our JSON.
 */
export function formatOf(fileName: string): ImportRequest['format'] {
  if (/\.(twee|tw)$/i.test(fileName)) return 'twee';
  return /\.html?$/i.test(fileName) ? 'html' : 'json';
}

/** Sends a file to one of the import calls, waiting as long as an import may take. */
function postImport(path: string) {
  return (body: ImportRequest) =>
    apiFetch<ImportResponse>(path, { method: 'POST', body, timeoutMs: IMPORT_TIMEOUT_MS });
}

/** POST /api/admin/import/dry-run: what the file would change. Writes nothing. */
export function useDryRun() {
  return useMutation({
    mutationFn: postImport('/api/admin/import/dry-run'),
  });
}

/** POST /api/admin/import: applies the file (in slices on the server); every cached admin/play view is stale then. */
export function useApplyImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postImport('/api/admin/import'),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
