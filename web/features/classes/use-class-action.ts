import { useState } from 'react';
import { errorMessage } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';

/**
 * Runs a teacher's action on the class: which one is running (`busy`, by key), a toast with
 * `done` when it worked or the server's words when it did not, then `onChanged`.
 */
export function useClassAction(onChanged: () => void) {
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, what: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await what();
      toast({ title: done, variant: 'default' });
      onChanged();
    } catch (err) {
      toast({
        title: 'That did not work',
        description: errorMessage(err),
        variant: 'destructive',
        errorId: `class-action:${errorMessage(err)}`,
      });
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
