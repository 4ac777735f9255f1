import { useState } from 'react';
import { Button } from '@cpq/ui';
import { AdminPage, ArchiveButton, DuplicateButton, EditableTitle, Loaded, MissingRow, resources, useActiveOrg, useLoad } from '../common/index.ts';
import { DimensionInputs } from './DimensionInputs.tsx';
import { OptionsSection } from './OptionsSection.tsx';
import { PropertySettings } from './PropertySettings.tsx';
import { REQUIRABLE_TYPES, RequiredSetting } from './RequiredSetting.tsx';
import { OPTION_KEY, PROPERTIES_HREF, PROPERTY_KEY, propertyHref, type GroupChoice, type OptionRow, type PropertyRow } from './types.ts';

/** One property: title, archive, duplicate, settings, dimension limits (dimensions type) and its options. */
export function PropertyDetail({ id }: { id: number }) {
  const org = useActiveOrg();
  const load = useLoad(async () => {
    const [[property], options, groups] = await Promise.all([
      resources.get<PropertyRow>(PROPERTY_KEY, { orgId: org.id, id }),
      resources.get<OptionRow>(OPTION_KEY, { orgId: org.id, productPropertyId: id }),
      resources.get<GroupChoice>('productPropertyGroups', { orgId: org.id }),
    ]);
    return { property: property ?? null, options, groups };
  }, [org.id, id]);
  const [settingsOpen, setSettingsOpen] = useState(false);

  return (
    <Loaded load={load} heading="The property could not be loaded">
      {({ property, options, groups }) => {
        if (!property) return <MissingRow what="property" listHref={PROPERTIES_HREF} listLabel="properties" />;
        const saved = (row: PropertyRow) => load.set((d) => ({ ...d, property: row }));
        const update = async (props: Record<string, unknown>) => saved(await resources.update<PropertyRow>(PROPERTY_KEY, id, props));
        return (
          <AdminPage
            title={<EditableTitle value={property.title} onSave={(title) => update({ title })} />}
            subtitle={`ID ${property.id}${property.archived ? ' · Archived' : ''}`}
            actions={
              <>
                <DuplicateButton
                  resourceKey={PROPERTY_KEY}
                  id={property.id}
                  href={propertyHref}
                  title="Property duplicated"
                  question="This property has been successfully duplicated. Would you like to be redirect to the new property?"
                  confirmLabel="Go to the copy"
                  cancelLabel="Stay here"
                />
                <Button variant="secondary" onClick={() => setSettingsOpen(true)}>
                  Settings
                </Button>
                <ArchiveButton archived={Boolean(property.archived)} onChange={(archived) => update({ archived: archived ? 1 : 0 })} />
              </>
            }
            testId="property-detail"
          >
            {property.type === 'dimensions' ? <DimensionInputs data={property.data} onSave={(data) => update({ data })} /> : null}
            {REQUIRABLE_TYPES.has(property.type) ? <RequiredSetting property={property} onSave={(data) => update({ data })} /> : null}
            <OptionsSection
              orgId={org.id}
              property={property}
              options={options}
              setOptions={(change) => load.set((d) => ({ ...d, options: change(d.options) }))}
              reload={load.reload}
            />
            {settingsOpen ? <PropertySettings property={property} groups={groups} onSaved={saved} onClose={() => setSettingsOpen(false)} /> : null}
          </AdminPage>
        );
      }}
    </Loaded>
  );
}
