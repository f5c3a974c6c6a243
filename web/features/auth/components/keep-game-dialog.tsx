import { Fragment } from 'react';
import type { GameSummary, KeepGameRequest } from '../../../../core/api/keep-game.ts';
import { formatStat, STAT_LABELS } from '../../../../core/game/stats.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';

export type Keep = KeepGameRequest['keep'];
export type Choice = { guest: GameSummary; account: GameSummary };

/** The two games side by side: which one, its heading and its button. */
const KEEP_OPTIONS: readonly { which: Keep; title: string; button: string }[] = [
  { which: 'guest', title: 'Guest game', button: 'Keep guest game' },
  { which: 'account', title: 'Saved game', button: 'Keep saved game' },
];

/** One game as a short description list: where it stands and how far it got. */
function GameFacts({ game }: { game: GameSummary }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-muted-foreground">Scene</dt>
      <dd>{game.sceneTitle ?? 'Unknown'}</dd>
      <dt className="text-muted-foreground">Choices made</dt>
      <dd>{game.choiceCount}</dd>
      {(['gold', 'health'] as const).map((key) => (
        <Fragment key={key}>
          <dt className="text-muted-foreground">{STAT_LABELS[key]}</dt>
          <dd>{formatStat(key, game.stats[key])}</dd>
        </Fragment>
      ))}
      <dt className="text-muted-foreground">Last played</dt>
      <dd>{new Date(game.updatedAt).toLocaleString()}</dd>
    </dl>
  );
}

/**
 * The dialog that asks which game to keep, when a guest who played has just logged in to an
 * account with a saved game of its own. It cannot be dismissed without a choice: the server keeps
 * both games until then.
 */
export function KeepGameDialog({
  choice,
  busy,
  onKeep,
}: {
  choice: Choice | null;
  busy: boolean;
  onKeep: (keep: Keep) => void;
}) {
  return (
    <Dialog open={choice !== null}>
      <DialogContent
        showCloseButton={false}
        onEscapeKeyDown={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>Which game do you want to keep?</DialogTitle>
          <DialogDescription>
            You played as a guest, and this account has a saved game too. Keep one of them; the
            other one is deleted.
          </DialogDescription>
        </DialogHeader>
        {choice && (
          <div className="grid gap-4 sm:grid-cols-2">
            {KEEP_OPTIONS.map(({ which, title, button }) => (
              <section
                key={which}
                aria-labelledby={`keep-${which}-title`}
                className="flex flex-col gap-3 rounded-md border border-border p-3"
              >
                <h3 id={`keep-${which}-title`} className="font-semibold">
                  {title}
                </h3>
                <GameFacts game={choice[which]} />
                <Button className="mt-auto" disabled={busy} onClick={() => onKeep(which)}>
                  {button}
                </Button>
              </section>
            ))}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
