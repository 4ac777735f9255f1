import { useCallback, useMemo, useState } from 'react';
import { useAtom } from 'jotai';
import { api, sessionAtom } from '@cpq/client';
import type { CatalogueIndex, Product } from '@cpq/domain';
import type { DrawingConfig, DrawingUnits } from '@cpq/drawing';
import type { EngravingIds } from '../engravings/logic.ts';

export interface EngravingsOffer {
  config: DrawingConfig & { engravings: EngravingIds };
  /** The properties the popup edits (the option picker leaves them to it). */
  propertyIds: ReadonlySet<number>;
}

/**
 * How the order page shows drawings: dimensions by the user's preference (saved, shown at once),
 * units for this visit only (starting at the organisation's default), and whether a product's
 * engravings are edited in the popup.
 */
export function useDrawingView(config: DrawingConfig, onSaveFailed: () => void) {
  const [session, setSession] = useAtom(sessionAtom);
  const showDimensions = session?.user.preferences?.dimensionsAreVisible ?? true;
  const [units, setUnits] = useState<DrawingUnits>(config.defaultUnits);

  const setDimensions = useCallback(
    (visible: boolean) => {
      setSession((s) => (s ? { ...s, user: { ...s.user, preferences: { ...s.user.preferences, dimensionsAreVisible: visible } } } : s));
    },
    [setSession],
  );
  const toggleDimensions = useCallback(() => {
    const next = !showDimensions;
    setDimensions(next);
    api.updatePreferences({ dimensionsAreVisible: next }).catch(() => {
      setDimensions(!next);
      onSaveFailed();
    });
  }, [showDimensions, setDimensions, onSaveFailed]);

  const ids = config.engravings;
  const engravingsOf = useCallback(
    (product: Product | undefined, catalogue: CatalogueIndex): EngravingsOffer | null => {
      if (!ids || !product || !catalogue.propertiesOf(product.id).some((p) => p.id === ids.engravingsPropertyId)) return null;
      return offerFor(config, ids);
    },
    [config, ids],
  );

  const unitChoice = useMemo(() => (config.dimensionControls ? { value: units, onChange: setUnits } : null), [config.dimensionControls, units]);
  return { showDimensions, toggleDimensions, units, unitChoice, engravingsOf };
}

const offers = new WeakMap<DrawingConfig, EngravingsOffer>();

/** One offer per configuration, so the option picker's hidden set stays the same object between renders. */
function offerFor(config: DrawingConfig, ids: EngravingIds): EngravingsOffer {
  let offer = offers.get(config);
  if (!offer) {
    const propertyIds = new Set([ids.engravingsPropertyId, ...(ids.belowTextPropertyId !== undefined ? [ids.belowTextPropertyId] : [])]);
    offer = { config: { ...config, engravings: ids }, propertyIds };
    offers.set(config, offer);
  }
  return offer;
}
