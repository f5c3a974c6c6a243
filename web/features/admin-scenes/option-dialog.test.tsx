import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOption, OptionInput } from '../../../core/api/admin-scene-options.ts';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { fieldOf, OptionForm } from './option-dialog.tsx';

const LOCKED: AdminOption = {
  id: 'intro--vip',
  sceneId: 'intro',
  position: 0,
  text: 'Enter the VIP lounge',
  nextSceneId: 'lounge',
  nextUrl: null,
  nextSceneTitle: 'Lounge',
  isPending: false,
  statChanges: { gold: -20 },
  requiredStats: { intelligence: 20 },
  requiredItems: ['Business card'],
};

function renderForm(option: AdminOption | null, serverError: string | null = null) {
  const onSave = vi.fn((_input: OptionInput) => {});
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Dialog open>
        <DialogContent aria-describedby={undefined}>
          <OptionForm option={option} saving={false} onSave={onSave} serverError={serverError} />
        </DialogContent>
      </Dialog>
    </QueryClientProvider>,
  );
  return onSave;
}

const save = () => screen.getByRole('button', { name: 'Save Option' }) as HTMLButtonElement;
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

describe('OptionForm', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ scenes: [], total: 0 }), { status: 200 })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the existing requirements and saves edited ones', () => {
    const onSave = renderForm(LOCKED);
    expect((screen.getByLabelText('Min Knowledge') as HTMLInputElement).value).toBe('20');
    expect((screen.getByLabelText('Required Items') as HTMLInputElement).value).toBe(
      'Business card',
    );
    type('Min Knowledge', '35');
    type('Min Budget', '10');
    type('Required Items', 'Business card, Press pass');
    fireEvent.click(save());
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({
      text: 'Enter the VIP lounge',
      nextSceneId: 'lounge',
      statChanges: { gold: -20 },
      requiredStats: { intelligence: 35, gold: 10 },
      requiredItems: ['Business card', 'Press pass'],
    });
  });

  it('clears requirements when every box is emptied', () => {
    const onSave = renderForm(LOCKED);
    type('Min Knowledge', '');
    type('Required Items', '');
    fireEvent.click(save());
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ requiredStats: null, requiredItems: null });
  });

  it('says under each field what is missing, in the spec’s words, and keeps Save disabled', () => {
    const onSave = renderForm(null);
    expect(save().disabled).toBe(true);
    const text = screen.getByLabelText('Option Text');
    fireEvent.blur(text);
    expect(screen.getByText('Option text is required')).toBeTruthy();
    expect(text.getAttribute('aria-invalid')).toBe('true');
    fireEvent.blur(screen.getByLabelText('Destination Scene'));
    expect(screen.getByText('Please select a next scene or create a placeholder')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('External URL'));
    fireEvent.blur(screen.getByLabelText('URL'));
    expect(screen.getByText('Please provide a URL')).toBeTruthy();
    type('Option Text', 'Read the guide');
    type('URL', 'https://example.com/guide');
    expect(screen.queryByText('Option text is required')).toBeNull();
    expect(save().disabled).toBe(false);
    type('Min Traffic', '-3');
    expect(screen.getByText('Min Traffic must be a number of at least 0')).toBeTruthy();
    expect(save().disabled).toBe(true);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('puts the server’s message under the field it names, others above the buttons', () => {
    renderForm(
      { ...LOCKED, nextSceneId: null, nextUrl: 'ftp://x' },
      'URL must start with http:// or https://',
    );
    const url = screen.getByLabelText('URL');
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('URL must start with http:// or https://')).toBeTruthy();
    cleanup();
    renderForm(LOCKED, 'Scene ID and Option ID are required');
    expect(screen.getByRole('alert').textContent).toBe('Scene ID and Option ID are required');
    expect(fieldOf('Option text is required')).toBe('text');
    expect(fieldOf('Something else')).toBeNull();
  });
});
