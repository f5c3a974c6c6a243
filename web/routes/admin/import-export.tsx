import { Download, FileCheck, Upload } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { Link } from 'react-router';
import {
  type ImportRequest,
  type ImportResponse,
  importFileTooBig,
} from '../../../core/api/transfer.ts';
import { KIND_LABELS, KIND_NAMES } from '../../../core/transfer/format.ts';
import { DataTable } from '../../components/data-table.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { SectionCard } from '../../components/ui/card.tsx';
import { Label } from '../../components/ui/label.tsx';
import { AdminPage, messageOf } from '../../features/admin-world/components/admin-page.tsx';
import { formatOf, useApplyImport, useDryRun } from '../../features/transfer/api.ts';
import {
  ImportNotes,
  StoryIdentityNote,
  StoryVerdict,
} from '../../features/transfer/import-notes.tsx';
import { progressText, useTransferProgress } from '../../features/transfer/progress.ts';
import { toast } from '../../lib/toast.ts';

/** Ids listed per change before 'and N more'. */
const IDS_SHOWN = 12;

function Ids({ ids }: { ids: string[] }) {
  if (ids.length === 0) return <span className="text-muted-foreground">0</span>;
  const shown = ids.slice(0, IDS_SHOWN).join(', ');
  return (
    <details>
      <summary className="cursor-pointer">{ids.length}</summary>
      <span className="break-all text-base text-muted-foreground">
        {shown}
        {ids.length > IDS_SHOWN ? ` and ${ids.length - IDS_SHOWN} more` : ''}
      </span>
    </details>
  );
}

function Report({ result }: { result: ImportResponse }) {
  const kinds = KIND_NAMES.filter((k) => result.plan.kinds[k]);
  const changes = kinds.reduce(
    (n, k) => {
      const d = result.plan.kinds[k];
      return n + (d ? d.added.length + d.changed.length + d.removed.length : 0);
    },
    result.plan.files.added + (result.plan.story?.changed ? 1 : 0),
  );
  return (
    <div className="flex flex-col gap-3" data-testid="import-report">
      <p className="text-xl">
        {changes === 0
          ? 'Nothing to change: the file matches the adventure.'
          : result.applied
            ? `Applied ${changes} changes.`
            : `This import would make ${changes} changes:`}
      </p>
      {result.verdict ? <StoryVerdict verdict={result.verdict} /> : null}
      <div className="overflow-x-auto">
        <DataTable
          rows={kinds.flatMap((k) => {
            const d = result.plan.kinds[k];
            return d ? [{ kind: k, ...d }] : [];
          })}
          rowKey={(d) => d.kind}
          rowTestId={(d) => `report-${d.kind}`}
          columns={[
            { header: 'Kind', cell: (d) => KIND_LABELS[d.kind] },
            { header: 'Added', cell: (d) => <Ids ids={d.added} /> },
            { header: 'Changed', cell: (d) => <Ids ids={d.changed} /> },
            { header: 'Removed', cell: (d) => <Ids ids={d.removed} /> },
            { header: 'Unchanged', cell: (d) => d.unchanged },
          ]}
        />
      </div>
      <p className="text-muted-foreground">New images: {result.plan.files.added}</p>
      {result.plan.story ? <StoryIdentityNote story={result.plan.story} /> : null}
      <ImportNotes warnings={result.warnings} />
    </div>
  );
}

/** /admin/import-export: download the adventure, or import a file after a dry run. */
export function Component() {
  const [file, setFile] = useState<{ name: string; body: ImportRequest } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const dryRun = useDryRun();
  const apply = useApplyImport();
  const progress = useTransferProgress(apply.isPending);
  const result = apply.data ?? dryRun.data;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    dryRun.reset();
    apply.reset();
    setError(null);
    if (!picked) return setFile(null);
    // Said before the file is read or sent: the server would refuse it after the upload.
    const tooBig = importFileTooBig(picked.size);
    if (tooBig) {
      setFile(null);
      return setError(tooBig);
    }
    const body = { format: formatOf(picked.name), text: await picked.text() };
    setFile({ name: picked.name, body });
    dryRun.mutate(body, { onError: (err) => setError(messageOf(err)) });
  };

  const applyNow = () => {
    if (!file) return;
    setConfirming(false);
    apply.mutate(file.body, {
      onSuccess: () => toast({ title: 'Import applied', variant: 'default' }),
      onError: (err) => {
        setError(messageOf(err));
        toast({ title: 'Import failed', description: messageOf(err), variant: 'destructive' });
      },
    });
  };

  return (
    <AdminPage title="Import / Export">
      <SectionCard title="Export" className="flex flex-col gap-3">
        <p className="text-lg text-muted-foreground">
          Scenes, options, stats, random events, ads, sponsors, news, settings and pages. The JSON
          file carries the images too. Twee 3 opens in Twine and Tweego, the Twine 2 archive in
          Twine (Library &gt; Import): each scene is a passage where its map box sits, each option a
          link, and the game data rides along in a comment at the end of each passage, so a story
          edited in Twine comes back whole (images stay on this site). A story imported from Twine
          goes back with its own JavaScript, stylesheet and passage texts, unedited passages as they
          were.
        </p>
        <div className="flex flex-wrap gap-2">
          <a href="/api/admin/export.json" download className={buttonVariants()}>
            <Download aria-hidden="true" /> Download JSON
          </a>
          <a
            href="/api/admin/export.twee"
            download
            className={buttonVariants({ variant: 'outline' })}
          >
            <Download aria-hidden="true" /> Download Twee 3
          </a>
          <a
            href="/api/admin/export.html"
            download
            className={buttonVariants({ variant: 'outline' })}
          >
            <Download aria-hidden="true" /> Download Twine 2 archive
          </a>
        </div>
      </SectionCard>

      <SectionCard title="Import" className="flex flex-col gap-4">
        <p className="text-lg text-muted-foreground">
          Choose a JSON export, a Twee 3 file (.twee, .tw) or a Twine 2 story (.html, published or
          from Twine's Library &gt; Archive). It is checked first: nothing changes until you apply
          it. A big file is applied a few hundred rows at a time, so players keep playing meanwhile;
          if it fails part way, the adventure as it was is put back. A Twine story replaces the
          scenes and options; kinds the file leaves out (ads, news… in a story from Twine) stay as
          they are. The dry run says how the story plays here and, per passage, what players will
          see and what is not run.
        </p>
        <div className="flex flex-col gap-1">
          <Label htmlFor="import-file">Adventure file (.json, .twee, .tw, .html)</Label>
          <input
            id="import-file"
            type="file"
            accept=".json,.twee,.tw,.html,.htm,application/json,text/plain,text/html"
            onChange={choose}
            className="text-lg file:mr-3 file:rounded-md file:border file:border-border file:bg-card file:px-3 file:py-1 file:text-primary"
          />
        </div>
        {dryRun.isPending ? (
          <p role="status">
            <FileCheck aria-hidden="true" className="mr-2 inline size-5" />
            Checking {file?.name}…
          </p>
        ) : null}
        {error ? (
          <p
            role="alert"
            className="whitespace-pre-line rounded-md border border-destructive p-3 text-destructive"
          >
            {error}
          </p>
        ) : null}
        {result && !error ? <Report result={result} /> : null}
        {dryRun.data && !apply.data && !error ? (
          <Button
            className="self-start"
            onClick={() => setConfirming(true)}
            disabled={apply.isPending}
          >
            <Upload aria-hidden="true" /> {apply.isPending ? 'Applying…' : 'Apply import'}
          </Button>
        ) : null}
        {apply.isPending ? (
          <p role="status" className="text-lg">
            {progressText(progress.data?.progress)}
          </p>
        ) : null}
        {apply.data ? (
          <Link to="/admin/story-map" className={`${buttonVariants()} self-start`}>
            Check it on the Story Map
          </Link>
        ) : null}
      </SectionCard>

      <ModalDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Apply this import?"
        description={`The adventure becomes what ${file?.name ?? ''} holds: rows it lists are added or changed, rows of the same kinds it lacks are removed. Players keep their games. To be able to go back, download the adventure as it is now first.`}
        cancelLabel="Cancel"
        actions={
          <>
            <a
              href="/api/admin/export.json"
              download
              className={buttonVariants({ variant: 'outline' })}
            >
              <Download aria-hidden="true" /> Download a backup
            </a>
            <Button onClick={applyNow}>Apply import</Button>
          </>
        }
      />
    </AdminPage>
  );
}
