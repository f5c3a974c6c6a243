import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayOption } from '../../../../core/api/play.ts';
import { OptionsPanel, takeableFirst } from './options-panel.tsx';

const option = (id: string, locked = false): PlayOption => ({
  id,
  text: `Option ${id}`,
  nextSceneId: 'next',
  nextUrl: null,
  isPending: false,
  locked,
  lockedReason: locked ? 'Requires Budget $30' : null,
  buttonIcon: null,
});

afterEach(cleanup);

describe('options a player can take come first', () => {
  it('keeps stored order within the takeable and the locked options', () => {
    const list = [option('a', true), option('b'), option('c', true), option('d')];
    expect(takeableFirst(list).map((o) => o.id)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('numbers and keys follow the order shown', async () => {
    const onChoose = vi.fn(async () => 'leave' as const);
    render(<OptionsPanel options={[option('a', true), option('b')]} onChoose={onChoose} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      '1.Option b',
      '2.Option aRequires Budget $30',
    ]);
    expect((buttons[1] as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(document.body, { key: '1' });
    await waitFor(() =>
      expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ id: 'b' })),
    );
  });
});
