import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  CLASS_CODE_LENGTH,
  isClassCode,
  normaliseClassCode,
  STUDENT_NAME_MAX,
} from '../../core/classes/rules.ts';
import { TextField } from '../components/text-field.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { joinClass, lookupClass } from '../features/classes/api.ts';
import { errorCode, errorMessage } from '../lib/api.ts';

/** Refusals that concern the code (shown under the code field); others go under the name. */
const CODE_ERRORS = new Set(['unknown-code', 'closed', 'full']);

/**
 * /join and /join/CODE (docs/class-mode.md): a student types the class code (or comes with it in
 * the link or QR code) and a display name, and plays at once as a guest in that class. Every
 * refusal (wrong code, closed or full class, a name already taken) shows under its field.
 */
export function Component() {
  const params = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [code, setCode] = useState(params.code ?? '');
  const [name, setName] = useState('');
  const [className, setClassName] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ code?: string; name?: string }>({});
  const [busy, setBusy] = useState(false);

  // A code from the link: show the class's name (or why it cannot be joined) before typing.
  useEffect(() => {
    const typed = normaliseClassCode(params.code ?? '');
    if (!isClassCode(typed)) return;
    const abort = new AbortController();
    lookupClass(typed, abort.signal).then(
      (found) => {
        setClassName(found.className);
        if (!found.open)
          setErrors({ code: 'This class is closed to new students; ask your teacher to open it' });
      },
      (err) => !abort.signal.aborted && setErrors({ code: errorMessage(err) }),
    );
    return () => abort.abort();
  }, [params.code]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = normaliseClassCode(code);
    const found: typeof errors = {};
    if (!isClassCode(typed))
      found.code = `A class code has ${CLASS_CODE_LENGTH} letters and digits, like K7M2QX`;
    if (name.trim() === '') found.name = 'Type your name';
    setErrors(found);
    if (found.code || found.name) return;
    setBusy(true);
    try {
      const seat = await joinClass(typed, name);
      // A new guest session came with the answer: nothing cached belongs to it.
      client.clear();
      await navigate(seat.sceneId ? `/game/scene/${encodeURIComponent(seat.sceneId)}` : '/game');
    } catch (err) {
      const where = CODE_ERRORS.has(errorCode(err) ?? '') ? 'code' : 'name';
      setErrors({ [where]: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="mx-auto grid w-full max-w-lg gap-4 p-4">
      <Card>
        <CardHeader>
          <CardTitle as="h1">{className ? `Join ${className}` : 'Join a class'}</CardTitle>
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
            onChange={setCode}
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
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? 'Joining…' : 'Join and play'}
          </Button>
        </form>
      </Card>
    </main>
  );
}
