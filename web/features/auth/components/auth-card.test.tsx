import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Credentials, Registration } from '../../../../core/api/form-rules.ts';
import { AuthCard } from './auth-card.tsx';

/** The card with callbacks that record what they were sent and wait for `finish` to be called. */
function renderCard() {
  const sent: (Credentials | Registration)[] = [];
  let finish: (err?: Error) => void = () => {};
  const call = (values: Credentials | Registration) =>
    new Promise<void>((resolve, reject) => {
      sent.push(values);
      finish = (err) => (err ? reject(err) : resolve());
    });
  render(
    <MemoryRouter>
      <AuthCard onLogin={call} onRegister={call} />
    </MemoryRouter>,
  );
  return { sent, finish: (err?: Error) => finish(err) };
}

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
const openRegister = () => fireEvent.mouseDown(screen.getByRole('tab', { name: 'Register' }));
const errorOf = (label: string) => {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
  return id
    .split(' ')
    .map((part) => document.getElementById(part))
    .find((el) => el?.id.endsWith('-error'))?.textContent;
};

describe('AuthCard forms', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('shows each problem next to its field, focuses the first and sends nothing', async () => {
    const { sent } = renderCard();
    openRegister();
    await screen.findByLabelText('Name');
    type('Name', '  ');
    type('Email', 'rita@example');
    type('Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(errorOf('Name')).toBe('Name is required'));
    expect(errorOf('Email')).toBe('Please enter a valid email address');
    expect(errorOf('Password')).toBe('Password must be at least 6 characters');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(sent).toEqual([]);

    // After a try, fixing a field clears its message as one types; the others stay.
    type('Name', 'Rita');
    await waitFor(() => expect(errorOf('Name')).toBeUndefined());
    expect(errorOf('Email')).toBe('Please enter a valid email address');
  });

  it('sends trimmed values, with the button disabled and its loading text until the call ends', async () => {
    const { sent, finish } = renderCard();
    openRegister();
    await screen.findByLabelText('Name');
    type('Name', ' Rita ');
    type('Email', ' rita@example.com ');
    type('Password', ' tophat ');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    const busy = await screen.findByRole('button', { name: 'Creating account...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(sent).toEqual([{ name: 'Rita', email: 'rita@example.com', password: ' tophat ' }]);
    finish(new Error('User already exists'));
    await screen.findByRole('button', { name: 'Register' });
    expect(screen.getByRole('alert').textContent).toContain('User already exists');
  });

  it('keeps what was typed when switching tabs, and checks the login form by its own rules', async () => {
    const { sent } = renderCard();
    type('Email', 'rita@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(errorOf('Password')).toBe('Password is required'));
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    openRegister();
    await screen.findByLabelText('Name');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Login' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('rita@example.com'),
    );
    expect(sent).toEqual([]);
  });

  it('sends what the fields hold even when no change event reached the form (typed before hydration)', async () => {
    const { sent } = renderCard();
    (screen.getByLabelText('Email') as HTMLInputElement).value = 'rita@example.com';
    (screen.getByLabelText('Password') as HTMLInputElement).value = 'tophat';
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('button', { name: 'Logging in...' });
    expect(sent).toEqual([{ email: 'rita@example.com', password: 'tophat' }]);
  });
});
