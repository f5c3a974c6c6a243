import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api.ts';
import { QueryClient, QueryClientProvider, queryOptions, useMutation, useQuery } from './query.ts';

/** A query whose answers the test hands out one by one. */
function controlled<T>(key: readonly unknown[]) {
  const calls: { resolve: (v: T) => void; reject: (e: unknown) => void; signal: AbortSignal }[] =
    [];
  const options = queryOptions({
    queryKey: key,
    queryFn: ({ signal }) =>
      new Promise<T>((resolve, reject) => calls.push({ resolve, reject, signal })),
  });
  return { options, calls };
}

function Show({ options }: { options: ReturnType<typeof controlled<string>>['options'] }) {
  const q = useQuery(options);
  return <p>{q.isPending ? 'pending' : q.isError ? `error ${q.error?.message}` : q.data}</p>;
}

function mount(client: QueryClient, options: ReturnType<typeof controlled<string>>['options']) {
  return render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <Show options={options} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

function Save(props: {
  mutationFn: (v: string) => Promise<string>;
  onSuccess: (data: string) => void;
}) {
  const m = useMutation({ ...props, retry: (n) => n < 1 });
  return (
    <button type="button" onClick={() => m.mutate('ok')}>
      {m.isPending ? 'saving' : 'save'}
    </button>
  );
}

describe('the player query cache', () => {
  afterEach(() => vi.useRealTimers());

  it('shows seeded data without fetching, and fetches missing data once for two screens', async () => {
    const client = new QueryClient();
    const { options, calls } = controlled<string>(['a']);
    client.setQueryData(options.queryKey, 'seeded');
    mount(client, options);
    expect(screen.getByText('seeded')).toBeTruthy();
    expect(calls).toHaveLength(0);

    const other = controlled<string>(['b']);
    mount(client, other.options);
    mount(client, other.options);
    expect(screen.getAllByText('pending')).toHaveLength(2);
    expect(other.calls).toHaveLength(1);
    await act(async () => other.calls[0]?.resolve('fetched'));
    expect(screen.getAllByText('fetched')).toHaveLength(2);
  });

  it('refetches a shown key on invalidation, and only marks it with refetchType none', async () => {
    const client = new QueryClient();
    const { options, calls } = controlled<string>(['play', 'scene', 'x']);
    client.setQueryData(options.queryKey, 'v1');
    mount(client, options);
    await act(() => client.invalidateQueries({ queryKey: ['play', 'scene'], refetchType: 'none' }));
    expect(calls).toHaveLength(0);
    expect(client.getQueryState(options.queryKey)?.isInvalidated).toBe(true);
    // ['play', 'scenes'] is another key, not one under ['play', 'scene'].
    client.setQueryData(['play', 'scenes'], 'list');
    const done = act(() => client.invalidateQueries({ queryKey: ['play', 'scene'] }));
    expect(calls).toHaveLength(1);
    expect(client.getQueryState(['play', 'scenes'])?.isInvalidated).toBe(false);
    calls[0]?.resolve('v2');
    await done;
    expect(screen.getByText('v2')).toBeTruthy();
  });

  it('drops the answer of a cancelled fetch and keeps equal data as the same object', async () => {
    const client = new QueryClient();
    const { options, calls } = controlled<{ n: number }>(['game']);
    const fetched = client.fetch(options).catch(() => 'dropped');
    await client.cancelQueries({ queryKey: ['game'] });
    expect(calls[0]?.signal.aborted).toBe(true);
    client.setQueryData(options.queryKey, { n: 2 });
    calls[0]?.resolve({ n: 1 });
    await fetched;
    const kept = client.getQueryData(options.queryKey);
    expect(kept).toEqual({ n: 2 });
    client.setQueryData(options.queryKey, { n: 2 });
    expect(client.getQueryData(options.queryKey)).toBe(kept);
  });

  it('retries network failures twice with growing waits, then shows the error', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const queryFn = vi.fn(() => Promise.reject(new ApiError(503, 'Unavailable')));
    const options = queryOptions<string>({ queryKey: ['flaky'], queryFn });
    mount(client, options);
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(queryFn).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1 + 2000));
    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(screen.getByText('error Unavailable')).toBeTruthy();
  });

  it('polls every refetchInterval ms while the tab is visible, not while it is hidden', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const queryFn = vi.fn(async () => 'now');
    const options = queryOptions({ queryKey: ['session'], queryFn, refetchInterval: 1000 });
    client.setQueryData(options.queryKey, 'seeded');
    mount(client, options);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(queryFn).toHaveBeenCalledTimes(1);
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(queryFn).toHaveBeenCalledTimes(1);
    hidden.mockRestore();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('runs a mutation with its pending state, onSuccess and retries', async () => {
    const client = new QueryClient();
    const seen: string[] = [];
    let fail = true;
    const mutationFn = async (v: string) => {
      if (fail) {
        fail = false;
        throw new ApiError(0, 'offline');
      }
      return v.toUpperCase();
    };
    vi.useFakeTimers();
    render(
      <QueryClientProvider client={client}>
        <Save mutationFn={mutationFn} onSuccess={(data) => void seen.push(data)} />
      </QueryClientProvider>,
    );
    act(() => screen.getByText('save').click());
    expect(screen.getByText('saving')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(seen).toEqual(['OK']);
    expect(screen.getByText('save')).toBeTruthy();
  });
});
