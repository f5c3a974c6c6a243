import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ClassPage } from '../../../core/api/classes.ts';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { deleteClass } from './api/delete-class.ts';
import { exportPath } from './api/export-class.ts';
import { setClassOpen } from './api/set-class-open.ts';
import { QrCode } from './qr-code.tsx';
import { useClassAction } from './use-class-action.ts';

/** The code read aloud in two halves: 'K7M 2QX'. */
const spaced = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

/** Full screen for the projector (asked in the click, as browsers require); refused is fine. */
export function enterFullScreen(): void {
  if (document.fullscreenElement) return;
  document.documentElement.requestFullscreen?.().catch(() => {});
}

/**
 * The top of the class page: name, whether it takes students, the join code, link and QR code,
 * and the teacher's actions (present on the projector, close or open, export CSV, delete).
 */
export function ClassHeader({ page, onChanged }: { page: ClassPage; onChanged: () => void }) {
  const info = page.class;
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const action = useClassAction(onChanged);
  const busy = action.busy !== null;
  const link = `${window.location.origin}${page.joinPath}`;
  const run = (what: () => Promise<unknown>, done: string) => action.run('class', what, done);
  const status = info.open
    ? 'Open: students can join'
    : info.closedReason === 'inactive'
      ? 'Closed after 90 days without activity'
      : 'Closed to new students';
  return (
    <Card className="flex-row flex-wrap items-start gap-6">
      <QrCode text={link} label={`QR code of the join link ${link}`} />
      <div className="grid min-w-0 flex-1 basis-64 gap-2">
        <h1 className="font-retro text-4xl break-words">{info.name}</h1>
        <p className={info.open ? 'text-primary' : 'text-destructive'}>{status}</p>
        <p>
          Join code{' '}
          <strong className="font-mono text-4xl tracking-widest">{spaced(info.code)}</strong>
        </p>
        <p className="break-all text-muted-foreground">
          or open <span className="text-foreground">{link}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/teach/${encodeURIComponent(info.id)}/present`}
            className={buttonVariants()}
            onClick={enterFullScreen}
          >
            Present
          </Link>
          <Button
            variant="outline"
            disabled={busy}
            onClick={() =>
              run(
                () => setClassOpen(info.id, !info.open),
                info.open ? 'Class closed to new students' : 'Class open again',
              )
            }
          >
            {info.open ? 'Close to new students' : 'Open to new students'}
          </Button>
          <a className={buttonVariants({ variant: 'outline' })} href={exportPath(info.id)} download>
            Export CSV
          </a>
          <Button variant="destructive" disabled={busy} onClick={() => setAsking(true)}>
            Delete class
          </Button>
        </div>
      </div>
      <ModalDialog
        open={asking}
        onClose={() => setAsking(false)}
        role="alertdialog"
        title={`Delete ${info.name}?`}
        description="The class and its students' names are deleted. Students keep playing their games as guests."
        cancelLabel="Keep the class"
        cancelFocus
        actions={
          <Button
            variant="destructive"
            onClick={() =>
              run(async () => {
                await deleteClass(info.id);
                await navigate('/teach');
              }, 'Class deleted')
            }
          >
            Delete class
          </Button>
        }
      />
    </Card>
  );
}
