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

describe('while an answer is awaited', () => {
  it('marks the clicked option busy until its answer, with a wait message', async () => {
    let settle: (o: 'stay') => void = () => {};
    const onChoose = vi.fn(() => new Promise<'stay'>((resolve) => (settle = resolve)));
    render(<OptionsPanel options={[option('a')]} onChoose={onChoose} />);
    const button = screen.getByRole('button', { name: /Option a/ });
    fireEvent.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.textContent).toContain('One moment…');
    settle('stay');
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
    expect(button.textContent).not.toContain('One moment…');
  });

  it('on a scene painted ahead, every option takes a click: the answer decides the locks', async () => {
    const onChoose = vi.fn(async () => 'leave' as const);
    render(<OptionsPanel options={[option('a', true)]} onChoose={onChoose} pending />);
    const button = screen.getByRole('button', { name: /Option a/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.closest('ol')?.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Checking your decision…')).toBeTruthy();
    fireEvent.click(button);
    await waitFor(() =>
      expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ id: 'a' })),
    );
  });
});
