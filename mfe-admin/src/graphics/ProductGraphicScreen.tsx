import { useEffect, useMemo } from 'react';
import { navigateToUrl } from 'single-spa';
import { loadPortalPart, type ProductGraphicEditorProps } from '@cpq/client';
import type { ProductGraphicJson, ProductGraphicNode } from '@cpq/domain';
import { PortalPartView } from '@cpq/ui';
import { AdminPage, ArchiveButton, Loaded, resources, useActiveOrg, useLoad } from '../common/index.ts';
import type { ScreenProps } from '../types.ts';

const loadEditor = () => loadPortalPart('productGraphicEditor');

/**
 * /admin/product-graphics/{id}: the graphic's page (title, ID, ARCHIVE / UNARCHIVE) around the editor
 * mfe-spatial builds. A graphic that is not the organisation's (or not there) goes to /404/product-graphic.
 */
export default function ProductGraphicScreen({ id }: ScreenProps) {
  const org = useActiveOrg();
  const load = useLoad(async () => (await resources.get<ProductGraphicJson & { id: number }>('productGraphics', { orgId: org.id, id }))[0] ?? null, [org.id, id]);
  const missing = load.status === 'ready' && !load.data;
  useEffect(() => {
    if (missing) navigateToUrl('/404/product-graphic');
  }, [missing]);
  const graphic = load.status === 'ready' ? load.data : null;
  const props = useMemo<ProductGraphicEditorProps | null>(
    () =>
      graphic
        ? {
            graphic,
            onSave: async (nodes: ProductGraphicNode[]) => {
              const saved = await resources.update<ProductGraphicJson & { id: number }>('productGraphics', graphic.id, { nodes });
              load.set(() => saved);
            },
          }
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [graphic?.id],
  );
  return (
    <Loaded load={load} heading="The product graphic could not be loaded.">
      {(g) =>
        g && props ? (
          <AdminPage
            title={g.title}
            subtitle={`ID ${g.id}`}
            testId="product-graphic-page"
            actions={
              <ArchiveButton
                archived={!!g.archived}
                onChange={async (archived) => {
                  const saved = await resources.update<ProductGraphicJson & { id: number }>('productGraphics', g.id, { archived: archived ? 1 : 0 });
                  load.set(() => saved);
                }}
              />
            }
          >
            <PortalPartView load={loadEditor} props={props} loadingText="Loading the graphic editor…" errorHeading="The graphic editor could not be shown." />
          </AdminPage>
        ) : null
      }
    </Loaded>
  );
}
