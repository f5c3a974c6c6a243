import { EMPTY_SEO_SETTINGS, type SeoSettingsValue } from '../../../core/api/admin-world-site.ts';
import { HistoryButton } from '../../components/history/history-button.tsx';
import { SaveButton } from '../../components/save-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { AdminPage, messageOf } from '../../features/admin-world/components/admin-page.tsx';
import {
  SeoSnippetFields,
  snippetTooLong,
} from '../../features/admin-world/components/seo-snippet-fields.tsx';
import { useDocumentForm } from '../../features/admin-world/hooks/use-document-form.ts';

/** /admin/seo-settings 'SEO & Scripts' (product rules "Screens", "Validation", "Messages" 'Homepage / SEO'). */
export function Component() {
  const doc = useDocumentForm('/api/admin/settings/seo', {
    initial: EMPTY_SEO_SETTINGS as SeoSettingsValue,
    idPrefix: 'seo',
    loadError: 'Failed to load SEO settings',
  });
  const form = doc.values;
  const tooLong = snippetTooLong(form);

  const onSave = () =>
    doc.saveForm({ title: 'SEO settings saved successfully' }, (err) => ({
      title: 'Failed to save SEO settings',
      description: messageOf(err),
    }));

  return (
    <AdminPage
      title="SEO & Scripts"
      action={
        <div className="flex flex-wrap gap-2">
          <HistoryButton kind="document" itemId="settings/seo" itemName="SEO & Scripts" />
          <SaveButton
            onClick={onSave}
            saving={doc.save.isPending}
            disabled={doc.query.isPending || tooLong}
            label="Save Settings"
          />
        </div>
      }
    >
      {doc.query.isPending ? (
        <p className="text-xl">Loading...</p>
      ) : (
        <Tabs defaultValue="seo">
          <TabsList>
            <TabsTrigger value="seo">SEO Settings</TabsTrigger>
            <TabsTrigger value="scripts">Custom Scripts</TabsTrigger>
          </TabsList>
          <TabsContent value="seo">
            <Card>
              <CardContent className="grid gap-4 pt-6">
                <SeoSnippetFields field={doc.field} />
                <TextField {...doc.field('ogTitle')} label="Open Graph Title" />
                <TextField
                  {...doc.field('ogDescription')}
                  label="Open Graph Description"
                  rows={3}
                />
                <TextField
                  {...doc.field('ogImage')}
                  label="Open Graph Image URL"
                  hint="Recommended size: 1200x630 pixels."
                />
              </CardContent>
            </Card>
          </TabsContent>
          <TabsContent value="scripts">
            <Card>
              <CardContent className="grid gap-4 pt-6">
                <p className="text-lg text-muted-foreground">
                  Scripts are written into the pages players load (not the admin area) and run with
                  the page's security nonce. Paste only code you trust.
                </p>
                <TextField {...doc.field('headerScripts')} label="Header Scripts" rows={6} mono />
                <TextField {...doc.field('bodyScripts')} label="Body Scripts" rows={6} mono />
                <TextField {...doc.field('footerScripts')} label="Footer Scripts" rows={6} mono />
              </CardContent>
            </Card>
          </TabsContent>
        </Tabs>
      )}
    </AdminPage>
  );
}
