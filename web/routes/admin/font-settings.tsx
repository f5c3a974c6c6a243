import {
  FONT_SETTING_TARGETS,
  FONT_SETTINGS_DEFAULTS,
  type FontSettingsValue,
} from '../../../core/api/admin-world.ts';
import { HistoryButton } from '../../components/history/history-button.tsx';
import { SaveButton } from '../../components/save-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { SectionCard } from '../../components/ui/card.tsx';
import { Label } from '../../components/ui/label.tsx';
import { AdminPage } from '../../features/admin-world/components/admin-page.tsx';
import { useDocumentForm } from '../../features/admin-world/hooks/use-document-form.ts';
import { FONT_FAMILIES, fontSizeValue, fontStack } from '../../lib/fonts.ts';

type Target = (typeof FONT_SETTING_TARGETS)[number];
const TARGET_LABEL: Record<Target, string> = {
  title: 'Scene Title',
  subtitle: 'Scene Subtitle',
  content: 'Scene Content',
  choices: 'Choices',
};

/** /admin/font-settings 'Font Management' (product rules "Screens", "Content" font_settings, "Messages" 'Play'). */
export function Component() {
  const doc = useDocumentForm('/api/admin/settings/fonts', {
    initial: FONT_SETTINGS_DEFAULTS as FontSettingsValue,
    idPrefix: 'font',
  });
  const form = doc.values;

  const set = (target: Target, key: 'fontSize' | 'fontFamily', value: string) =>
    doc.setValues((f) => ({ ...f, [target]: { ...f[target], [key]: value } }));
  const style = (target: Target) => ({
    fontFamily: fontStack(form[target].fontFamily),
    fontSize: fontSizeValue(form[target].fontSize, target),
  });

  const onSave = () =>
    doc.saveForm(
      { title: 'Settings updated', description: 'Font settings have been saved successfully.' },
      (err) => ({
        title: 'Error',
        description:
          err instanceof Error && err.message ? err.message : 'Failed to update font settings.',
      }),
    );

  return (
    <AdminPage
      title="Font Management"
      action={
        <div className="flex gap-2">
          <HistoryButton kind="document" itemId="settings/fonts" itemName="Font settings" />
          <Button variant="outline" onClick={() => doc.setValues(FONT_SETTINGS_DEFAULTS)}>
            Reset to Defaults
          </Button>
          <SaveButton
            onClick={onSave}
            saving={doc.save.isPending}
            disabled={doc.query.isPending}
            label="Save Settings"
          />
        </div>
      }
    >
      {doc.query.isPending ? (
        <p className="text-xl">Loading...</p>
      ) : (
        <div className="grid gap-5 lg:grid-cols-2">
          <div className="grid gap-4">
            {FONT_SETTING_TARGETS.map((target) => (
              <SectionCard
                key={target}
                title={TARGET_LABEL[target]}
                className="grid gap-3 sm:grid-cols-2"
              >
                <TextField
                  id={`font-${target}-size`}
                  label="Font Size"
                  value={form[target].fontSize}
                  onChange={(v) => set(target, 'fontSize', v)}
                  hint="xs to 7xl, or e.g. 1.25rem"
                />
                <div className="grid content-start gap-1">
                  <Label htmlFor={`font-${target}-family`}>Font Family</Label>
                  <select
                    id={`font-${target}-family`}
                    value={form[target].fontFamily}
                    onChange={(e) => set(target, 'fontFamily', e.target.value)}
                    className="h-10 rounded-md border border-input bg-background px-3 text-lg"
                  >
                    {Object.entries(FONT_FAMILIES).map(([key, f]) => (
                      <option key={key} value={key}>
                        {f.label}
                      </option>
                    ))}
                  </select>
                </div>
              </SectionCard>
            ))}
          </div>
          <SectionCard title="Live Preview" cardClassName="self-start" className="grid gap-3">
            <p style={style('title')} className="leading-tight">
              The Hat Shop Opens
            </p>
            <p style={style('subtitle')}>Day 1: a shop nobody can find</p>
            <p style={style('content')}>
              Your first customer asks how they were supposed to find you. You have no answer yet,
              but you have a plan.
            </p>
            <div className="grid gap-2">
              <span style={style('choices')} className="rounded border border-border px-3 py-2">
                1. Write a helpful page about hat sizes
              </span>
              <span style={style('choices')} className="rounded border border-border px-3 py-2">
                2. Buy 10,000 links from a stranger
              </span>
            </div>
          </SectionCard>
        </div>
      )}
    </AdminPage>
  );
}
