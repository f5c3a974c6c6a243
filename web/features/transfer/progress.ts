import { useQuery } from '@tanstack/react-query';
import type { TransferProgressResponse } from '../../../core/api/transfer.ts';
import { apiFetch } from '../../lib/api.ts';

/** GET /api/admin/import/progress, asked every second while `active` (an import being applied). */
export function useTransferProgress(active: boolean) {
  return useQuery({
    queryKey: ['admin', 'import-progress'],
    queryFn: () => apiFetch<TransferProgressResponse>('/api/admin/import/progress'),
    enabled: active,
    refetchInterval: active ? 1000 : false,
    gcTime: 0,
  });
}

/** 'Applying… 12,500 of 100,050 rows (12 %)', or 'Preparing the import…' before the count is known. */
export function progressText(progress: TransferProgressResponse['progress'] | undefined): string {
  if (progress?.action !== 'import' || progress.total === 0) return 'Preparing the import…';
  const pct = Math.floor((progress.done / progress.total) * 100);
  const n = (v: number) => v.toLocaleString('en');
  return `Applying… ${n(progress.done)} of ${n(progress.total)} rows (${pct} %)`;
}
