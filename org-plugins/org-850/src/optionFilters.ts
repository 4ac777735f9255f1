import type { OptionFilter } from '@cpq/plugin-sdk';

/** Engraving Type (property 26): Laser Engraved (139). */
export const ENGRAVING_TYPE_PROPERTY_ID = 26;
export const LASER_ENGRAVED_OPTION_ID = 139;
/** Mechanism Finish (property 7): the standard finishes Satin Nickel (22) and Satin Brass (23). */
export const MECHANISM_FINISH_PROPERTY_ID = 7;
export const STANDARD_FINISH_OPTION_IDS: readonly number[] = [22, 23];

/**
 * The requirement: "For property 26 option 139 is removed unless a further condition holds".
 * The condition (850): laser engraving is offered only on a standard mechanism finish. Matched
 * finishes (24 antique bronze, 25 custom paint) are finished by hand after engraving would have
 * been done, which is also why they carry the 24-week lead-time alert. The filter applies only to
 * products that have a mechanism finish (the engraving sample plate, product 119, has none and
 * keeps laser engraving); while no finish is chosen yet, laser engraving waits for one.
 */
export const laserEngravingNeedsStandardFinish: OptionFilter = ({ product, propertyId, optionIds, selection, catalogue }) => {
  if (propertyId !== ENGRAVING_TYPE_PROPERTY_ID || !optionIds.includes(LASER_ENGRAVED_OPTION_ID)) return [];
  if (!product.associations.productProperties?.[String(MECHANISM_FINISH_PROPERTY_ID)]) return [];
  const finish = selection[String(MECHANISM_FINISH_PROPERTY_ID)]?.optionId;
  if (typeof finish === 'number' && STANDARD_FINISH_OPTION_IDS.includes(finish)) return [];
  const names = STANDARD_FINISH_OPTION_IDS.map((id) => catalogue.option(id)?.title ?? `option ${id}`).join(' or ');
  const chosen = typeof finish === 'number' ? catalogue.option(finish)?.title : undefined;
  return [
    {
      optionId: LASER_ENGRAVED_OPTION_ID,
      reason: chosen
        ? `Laser engraving is only available with a standard mechanism finish (${names}), not ${chosen}.`
        : `Laser engraving is only available with a standard mechanism finish (${names}): choose the mechanism finish first.`,
    },
  ];
};

export const optionFilters: readonly OptionFilter[] = [laserEngravingNeedsStandardFinish];
