import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOption } from '../../../core/api/admin-scene-options.ts';
import {
  type OptionFormValues,
  optionFormOf,
  toOptionInput,
} from '../../../core/api/admin-scenes-form.ts';
import { OptionDialog } from './option-dialog.tsx';

const LOCKED: AdminOption = {
  id: 'intro--vip',
  sceneId: 'intro',
  position: 0,
  text: 'Enter the VIP lounge',
  why: null,
  nextSceneId: 'lounge',
  nextUrl: null,
  nextSceneTitle: 'Lounge',
  isPending: false,
  isBroken: false,
  statChanges: { gold: -20 },
  requiredStats: { intelligence: 20 },
  requiredItems: ['Business card'],
};

function renderDialog(option: AdminOption | null, sceneId?: string) {
  const onSave = vi.fn((_v: OptionFormValues) => {});
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OptionDialog
        option={option ? optionFormOf(option) : null}
        sceneId={sceneId}
        onSave={onSave}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return { onSave, onClose };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Option' }));
const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label, { exact: true }), { target: { value } });

describe('OptionDialog', () => {
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

  it('shows the existing requirements and saves edited ones', async () => {
    const { onSave } = renderDialog(LOCKED);
    expect((screen.getByLabelText('Min Knowledge') as HTMLInputElement).value).toBe('20');
    type('Min Knowledge', '35');
    type('Min Budget', '10');
    type('Required Items', 'Business card, Press pass');
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(toOptionInput(onSave.mock.calls[0]?.[0] as OptionFormValues)).toMatchObject({
      id: 'intro--vip',
      text: 'Enter the VIP lounge',
      nextSceneId: 'lounge',
      statChanges: { gold: -20 },
      requiredStats: { intelligence: 35, gold: 10 },
      requiredItems: ['Business card', 'Press pass'],
    });
  });

  it('edits the why line beside the option text, with its limit and its error next to it', async () => {
    const { onSave } = renderDialog(LOCKED);
    const field = screen.getByLabelText('Why it helps or hurts') as HTMLTextAreaElement;
    expect(field.value).toBe('');
    expect(screen.getByText('0/300')).toBeTruthy();
    type('Why it helps or hurts', 'y'.repeat(301));
    expect(screen.getByText('301/300').className).toContain('text-destructive');
    save();
    expect(await screen.findByText('The why line must be at most 300 characters')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain('opt-why-error');
    expect(onSave).not.toHaveBeenCalled();
    type(
      'Why it helps or hurts',
      'Paid links break the spam policies and earn nothing that lasts.',
    );
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(toOptionInput(onSave.mock.calls[0]?.[0] as OptionFormValues).why).toBe(
      'Paid links break the spam policies and earn nothing that lasts.',
    );
  });

  it("refuses a Budget change of 'lots' under its box instead of dropping it", async () => {
    const { onSave } = renderDialog(LOCKED);
    type('Budget', 'lots');
    save();
    expect(await screen.findByText('Budget change must be a number')).toBeTruthy();
    expect(screen.getByLabelText('Budget').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('says under each field what is missing, in the spec’s words', async () => {
    const { onSave } = renderDialog(null);
    save();
    expect(await screen.findByText('Option text is required')).toBeTruthy();
    expect(screen.getByText('Please select a next scene or create a placeholder')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('External URL'));
    type('URL', 'ftp://x');
    save();
    expect(await screen.findByText('URL must start with http:// or https://')).toBeTruthy();
    type('Min Traffic', '-3');
    save();
    expect(await screen.findByText('Min Traffic must be a number of at least 0')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('says under Destination Scene when no scene has the typed ID, and saves a real one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).endsWith('/scenes/nowhere')
          ? new Response(JSON.stringify({ error: 'Not Found', message: 'Scene not found' }), {
              status: 404,
            })
          : new Response(JSON.stringify({ scenes: [], total: 0 }), { status: 200 }),
      ),
    );
    const { onSave } = renderDialog(null);
    type('Option Text', 'Go nowhere');
    type('Destination Scene', 'nowhere');
    save();
    expect(
      await screen.findByText(
        "No scene has the ID 'nowhere'. Pick a scene from the list, or choose 'Add New Scene Later' to write it next.",
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText('Destination Scene').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
    type('Destination Scene', 'lounge');
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
  });

  it('lets an option of a scene not saved yet lead back to that scene', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('/scenes/')
          ? new Response(JSON.stringify({ error: 'Not Found', message: 'Scene not found' }), {
              status: 404,
            })
          : new Response(JSON.stringify({ scenes: [], total: 0 }), { status: 200 }),
      ),
    );
    const { onSave } = renderDialog(null, 'hat-fair');
    type('Option Text', 'Browse the stalls again');
    type('Destination Scene', 'hat-fair');
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/No scene has the ID/)).toBeNull();
  });

  it('asks before Escape discards a typed option, and closes at once when nothing changed', async () => {
    const { onClose } = renderDialog(null);
    type('Option Text', 'Half-written option');
    fireEvent.keyDown(screen.getByLabelText('Option Text'), { key: 'Escape' });
    expect(await screen.findByText('Discard this option?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Option Text') as HTMLInputElement).value).toBe(
      'Half-written option',
    );
    cleanup();
    const fresh = renderDialog(null);
    fireEvent.keyDown(screen.getByLabelText('Option Text'), { key: 'Escape' });
    expect(fresh.onClose).toHaveBeenCalledTimes(1);
  });
});
