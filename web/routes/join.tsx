import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { JoinLookup } from '../../core/api/classes.ts';
import {
  CLASS_CODE_LENGTH,
  isClassCode,
  normaliseClassCode,
  STUDENT_NAME_MAX,
} from '../../core/classes/rules.ts';
import { TextField } from '../components/text-field.tsx';
import { Button, buttonVariants } from '../components/ui/button.tsx';
import { Card, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { joinClass } from '../features/classes/api/join-class.ts';
import { lookupClass } from '../features/classes/api/lookup-class.ts';
import { errorCode, errorMessage } from '../lib/api.ts';

/** Refusals that concern the code (shown under the code field); others go under the name. */
const CODE_ERRORS = new Set(['unknown-code', 'closed', 'full', 'rate_limited']);
const CLOSED = 'This class is closed to new students; ask your teacher to open it';

/**
 * /join and /join/CODE (docs/class-mode.md): a student types the class code (or comes with it in
 * the link or QR code) and a display name, and plays at once as a guest in that class. Every
 * refusal (wrong code, closed or full class, a name already taken) shows under its field. A
 * student already in the class is let back to their game; a player whose game would be replaced
 * is told so first and may keep it.
 */
export function Component() {
  const params = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [code, setCode] = useState(params.code ?? '');
  const [name, setName] = useState('');
  const [found, setFound] = useState<JoinLookup | null>(null);
  const [errors, setErrors] = useState<{ code?: string; name?: string }>({});
  const [busy, setBusy] = useState(false);
  /** Decisions of the game a join would replace, once the player has to choose. */
  const [replacing, setReplacing] = useState<number | null>(null);

  // A code from the link: show the class's name (or why it cannot be joined) before typing.
  useEffect(() => {
    const typed = normaliseClassCode(params.code ?? '');
    if (!isClassCode(typed)) return;
    const abort = new AbortController();
    lookupClass(typed, abort.signal).then(
      (answer) => {
        setFound(answer);
        if (!answer.open && !answer.seat) setErrors({ code: CLOSED });
      },
      (err) => !abort.signal.aborted && setErrors({ code: errorMessage(err) }),
    );
    return () => abort.abort();
  }, [params.code]);

  const join = async (as: string, replaceGame = false) => {
    setBusy(true);
    try {
      const seat = await joinClass(normaliseClassCode(code), as, replaceGame);
      // A new guest session may have come with the answer: nothing cached belongs to it.
      client.clear();
      await navigate(seat.sceneId ? `/game/scene/${encodeURIComponent(seat.sceneId)}` : '/game');
    } catch (err) {
      if (errorCode(err) === 'game-in-progress') {
        setReplacing(found?.game?.choices ?? 0);
        return;
      }
      const where = CODE_ERRORS.has(errorCode(err) ?? '') ? 'code' : 'name';
      setErrors({ [where]: errorMessage(err) });
      setReplacing(null);
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = normaliseClassCode(code);
    const problems: typeof errors = {};
    if (!isClassCode(typed))
      problems.code = `A class code has ${CLASS_CODE_LENGTH} letters and digits, like K7M2QX`;
    if (name.trim() === '') problems.name = 'Type your name';
    setErrors(problems);
    if (problems.code || problems.name) return;
    if (found?.game && typed === normaliseClassCode(params.code ?? '')) {
      setReplacing(found.game.choices);
      return;
    }
    await join(name);
  };

  if (found?.seat) {
    return (
      <div className="mx-auto grid w-full max-w-lg gap-4 p-4">
        <Card>
          <CardHeader>
            <CardTitle as="h1">Welcome back to {found.className}</CardTitle>
            <p className="text-muted-foreground">
              You are in this class as{' '}
              <strong className="text-foreground">{found.seat.name}</strong>. Your game is where you
              left it.
            </p>
          </CardHeader>
          <Button size="lg" disabled={busy} onClick={() => join(found.seat!.name)}>
            {busy ? 'Opening…' : 'Back to my game'}
          </Button>
        </Card>
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-lg gap-4 p-4">
      <Card>
        <CardHeader>
          <CardTitle as="h1">
            {found?.className ? `Join ${found.className}` : 'Join a class'}
          </CardTitle>
          <p className="text-muted-foreground">
            Type the code your teacher gives you and the name your teacher will see. No e-mail
            needed; you can register later and keep your game.
          </p>
        </CardHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <TextField
            id="class-code"
            label="Class code"
            value={code}
            onChange={(v) => {
              setCode(v);
              setReplacing(null);
            }}
            error={errors.code}
            mono
            maxLength={12}
            placeholder="6 letters and digits"
          />
          <TextField
            id="student-name"
            label="Your name"
            value={name}
            onChange={setName}
            error={errors.name}
            max={STUDENT_NAME_MAX}
            hint="First name and an initial is plenty; only your teacher sees it."
          />
          {replacing === null ? (
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? 'Joining…' : 'Join and play'}
            </Button>
          ) : (
            <div role="alert" className="grid gap-3 rounded-md border border-amber-400 p-3">
              <p>
                You have a game in progress
                {replacing > 0 && ` (${replacing} ${replacing === 1 ? 'decision' : 'decisions'})`}.
                Joining this class starts a new game, and the one you are playing is replaced.
              </p>
              <div className="flex flex-wrap gap-2">
                <Link to="/game" className={buttonVariants({ size: 'lg' })}>
                  Keep my game
                </Link>
                <Button
                  variant="outline"
                  size="lg"
                  disabled={busy}
                  onClick={() => join(name, true)}
                >
                  {busy ? 'Joining…' : 'Join with a new game'}
                </Button>
              </div>
            </div>
          )}
        </form>
      </Card>
    </div>
  );
}
